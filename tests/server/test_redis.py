"""Two server processes sharing one room directory in a real Redis
(started and stopped here, on loopback, in a temporary folder): a join
reaching the wrong process reaches its room; a process killed is reported
gone, and brought back it holds its rooms again — a room it could not
restore is gone from the directory, never half there."""

from __future__ import annotations

import contextlib
import queue
import time

import pytest

from holdem_desktop import __version__
from holdem_desktop.net.client import Closed
from holdem_desktop.net.online import OnlineClient
from holdem_desktop.net.protocol import Create, Hello, HostMessage, News, Refused, Welcome

from .conftest import needs_redis
from .process import ServeProcess

pytestmark = needs_redis


@pytest.fixture
def cluster(tmp_path, redis_url):
    started: list[ServeProcess] = []

    def start(name: str) -> ServeProcess:
        p = ServeProcess("--bind", "127.0.0.1", "--port", "0", "--insecure", "--data",
                         str(tmp_path / name), "--redis", redis_url, "--heartbeat", "0.3")
        started.append(p)
        p.wait_ready()
        return p

    yield start
    for p in started:
        p.stop()


def first_answer(port: int, message: object, keep: bool = False
                 ) -> tuple[HostMessage | Closed, OnlineClient]:
    client = OnlineClient("127.0.0.1", port, tls=False)
    client.connect()
    client.send(message)  # type: ignore[arg-type]
    end = time.monotonic() + 15
    while time.monotonic() < end:
        try:
            got = client.get(timeout=1)
        except queue.Empty:
            continue
        if isinstance(got, Welcome | Refused | Closed):
            if not keep:
                client.close()
            return got, client
    raise AssertionError("no answer")


def test_a_join_at_the_wrong_process_reaches_its_room_and_a_dead_process_is_gone(cluster):
    a = cluster("a")
    b = cluster("b")
    made, mara = first_answer(b.port, Create("Mara", __version__, "tournament", 3, "easy"),
                              keep=True)
    assert isinstance(made, Welcome)
    # Ada reaches process A with B's code: sent on, she is in Mara's room
    joined, ada = first_answer(a.port, Hello("Ada", made.code, __version__), keep=True)
    assert isinstance(joined, Welcome) and joined.code == made.code and joined.seat == 1
    end = time.monotonic() + 10
    heard = []
    while time.monotonic() < end and News("joined", ("Ada",)) not in heard:
        with contextlib.suppress(queue.Empty):
            heard.append(mara.get(timeout=0.5))
    assert News("joined", ("Ada",)) in heard
    ada.close()
    mara.close()
    # B killed: within its heartbeats its rooms are reported gone at A
    b.kill()
    end = time.monotonic() + 10
    answer: object = None
    while time.monotonic() < end:
        answer, _client = first_answer(a.port, Hello("Bo", made.code, __version__))
        if answer == Refused("wrong_code"):
            break
        time.sleep(0.3)
    assert answer == Refused("wrong_code")
    # B again, from its saves: the room is back, reached through A with Ada's token
    cluster_b = cluster("b")
    assert cluster_b.port
    again, _client = first_answer(a.port, Hello("Ada", made.code, __version__, joined.token))
    assert isinstance(again, Welcome) and again.seat == 1


def test_a_room_that_cannot_be_restored_leaves_the_directory(cluster, tmp_path, redis_url):
    import redis

    a = cluster("a")
    b = cluster("b")
    made, _c = first_answer(b.port, Create("Mara", __version__, "heads_up", 2, "easy"))
    assert isinstance(made, Welcome)
    r = redis.Redis.from_url(redis_url, decode_responses=True)
    assert r.get(f"holdem:room:{made.code}") is not None
    b.kill()
    (tmp_path / "b" / "rooms" / f"{made.code}.json").write_text("{broken", encoding="utf-8")
    cluster("b")
    assert r.get(f"holdem:room:{made.code}") is None  # gone, not half there
    answer, _c = first_answer(a.port, Hello("Ada", made.code, __version__))
    assert answer == Refused("wrong_code")


def test_rooms_are_created_on_the_least_loaded_process(cluster, redis_url):
    import redis

    a = cluster("a")
    b = cluster("b")
    codes = []
    for k in range(4):  # all at A: it sends creations on while B has fewer rooms
        made, _c = first_answer(a.port, Create(f"P{k}", __version__, "heads_up", 2, "easy"))
        assert isinstance(made, Welcome)
        codes.append(made.code)
        time.sleep(0.4)  # a heartbeat: the loads are fresh
    r = redis.Redis.from_url(redis_url, decode_responses=True)
    holders = {r.get(f"holdem:room:{code}") for code in codes}
    assert len(holders) == 2, holders
    assert b.port
