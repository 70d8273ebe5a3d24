"""The web page's layout on a phone (390×844) in every language the game
speaks, in a real browser (Debian's chromium, as test_web_page.py): no
word of a button broken in the middle ("dwukrotność" was, in Polish), and
nothing wider than the screen.  Each language's page is kept as a
screenshot, to be looked at.  Linux only, as test_web_page.py."""

from __future__ import annotations

from holdem_desktop.i18n.translate import LANGUAGES
from holdem_desktop.ui.action_panel import Command

from . import test_web_page
from .test_web_page import (  # noqa: F401 (pages: the fixture)
    SHOTS,
    DesktopPlayer,
    browser,
    join,
    pages,
    press_if,
    wait_for,
)

pytestmark = test_web_page.pytestmark

BROKEN = """
const broken = [];
for (const b of document.querySelectorAll('button')) {
  if (!b.offsetParent) continue;  // (not shown)
  if (b.scrollWidth > b.clientWidth) broken.push(b.id + ' is too narrow');
  const walker = document.createTreeWalker(b, NodeFilter.SHOW_TEXT);
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    for (const m of t.data.matchAll(/[^\\s-]+-?/g)) {  // (a line may end at a hyphen)
      const r = document.createRange();
      r.setStart(t, m.index); r.setEnd(t, m.index + m[0].length);
      const tops = new Set([...r.getClientRects()].map((c) => Math.round(c.top)));
      if (tops.size > 1) broken.push(b.id + ': ' + m[0]);
    }
  }
}
return broken;
"""
"""The words of the buttons shown that the browser broke across lines,
and the buttons their words overflow."""


def test_no_button_breaks_a_word_on_a_phone_in_any_language(served, pages):  # noqa: F811
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.select import Select

    desk = DesktopPlayer(served, "Dana")
    phone = browser(390, 844)
    pages.append(phone)
    join(phone, served.port, desk.remote.code, "Ana")
    wait_for(lambda: len([s for s in desk.remote.seats if s.name]) == 2, between=desk.pump)
    assert desk.panel.activate(Command.NEXT_HAND).done  # the amounts in the buttons' names
    wait_for(lambda: "Pot" in phone.find_element(By.ID, "pot").text,
             between=lambda: (press_if(phone, "press-next_hand"), desk.play()))
    for lang in LANGUAGES:
        phone.find_element(By.ID, "tab-settings").click()
        Select(phone.find_element(By.ID, "lang")).select_by_value(lang)
        wait_for(lambda lang=lang: phone.execute_script(
            "return document.documentElement.lang") == lang)
        phone.find_element(By.ID, "tab-close").click()
        wait_for(lambda: phone.find_element(By.ID, "press-fold").text, between=desk.pump)
        for width, height in ((390, 844), (320, 568)):  # (a phone, the smallest iPhone)
            phone.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                "width": width, "height": height, "deviceScaleFactor": 1, "mobile": True})
            phone.execute_script("document.getElementById('h-actions').scrollIntoView()")
            phone.save_screenshot(str(SHOTS / f"phone-buttons-{lang}-{width}.png"))
            assert phone.execute_script(BROKEN) == [], (lang, width)
            assert phone.execute_script(
                "return document.documentElement.scrollWidth") <= width, (lang, width)
    desk.client.close()


def test_the_hands_result_by_the_board_passes_the_audit_in_light_and_dark(
        served, pages):  # noqa: F811 (the fixture)
    # (its background was a color-mix() axe cannot read: "#0NaN0NaN0NaN",
    # a contrast failure whenever an audit ran between hands)
    from .test_web_page import axe_problems
    from .test_web_taps import HAND, seated

    phone = seated(served, pages)
    phone.execute_script(HAND, [{"view": {"result": ["Ana wins the pot of 120."]}}])
    assert phone.execute_script("return document.getElementById('result').textContent")
    for scheme in ("light", "dark"):
        phone.execute_cdp_cmd("Emulation.setEmulatedMedia", {
            "features": [{"name": "prefers-color-scheme", "value": scheme}]})
        assert axe_problems(phone) == [], scheme
