/* A recording stand-in for NVDA's controller client (nvdaControllerClient64.dll),
 * for CI's Windows stage only: put where the packaged game loads NVDA's DLL
 * (accessible_output2\lib\ beside the program) in a copy of the bundle under
 * Wine; never shipped.
 *
 * It exports exactly what the DLL accessible-output2 ships exports, with the
 * signatures of NVDA's published controller header (nvdaController.h):
 *
 *   error_status_t __stdcall nvdaController_testIfRunning(void);
 *   error_status_t __stdcall nvdaController_speakText(const wchar_t *text);
 *   error_status_t __stdcall nvdaController_cancelSpeech(void);
 *   error_status_t __stdcall nvdaController_brailleMessage(const wchar_t *message);
 *
 * 0 is success.  NVDA_STANDIN_RUNNING=1 in the environment makes it answer
 * as a running NVDA; otherwise every call fails with RPC_S_SERVER_UNAVAILABLE,
 * as the real client does when NVDA is not running.  Each call is appended
 * to the file NVDA_STANDIN_LOG names, one line each, UTF-8:
 *
 *   test<TAB>0            speak<TAB><text>     cancel     braille<TAB><text>
 *
 * (a backslash in a text is written \\, a line break \n, a tab \t).
 *
 *   x86_64-w64-mingw32-gcc -O2 -shared -o nvdaControllerClient64.dll \
 *       nvda_standin.c -Wl,--kill-at
 */
#include <windows.h>

#define NOT_RUNNING 1722 /* RPC_S_SERVER_UNAVAILABLE */

static int running(void)
{
    WCHAR value[8];
    DWORD n = GetEnvironmentVariableW(L"NVDA_STANDIN_RUNNING", value, 8);
    return n == 1 && value[0] == L'1';
}

/* Appends one line: the tag, then (when text is not NULL) a tab and text. */
static void record(const char *tag, const wchar_t *text)
{
    WCHAR path[MAX_PATH];
    DWORD n = GetEnvironmentVariableW(L"NVDA_STANDIN_LOG", path, MAX_PATH);
    if (n == 0 || n >= MAX_PATH)
        return;
    size_t tag_len = lstrlenA(tag);
    size_t text_len = text ? (size_t)lstrlenW(text) : 0;
    /* Each character becomes at most two escaped ones, each of at most 3 UTF-8 bytes. */
    size_t size = tag_len + 2 + text_len * 6 + 1;
    char *line = HeapAlloc(GetProcessHeap(), 0, size);
    WCHAR *escaped = HeapAlloc(GetProcessHeap(), 0, (text_len * 2 + 1) * sizeof(WCHAR));
    if (!line || !escaped)
        goto done;
    size_t used = 0, k = 0;
    CopyMemory(line, tag, tag_len);
    used = tag_len;
    if (text) {
        line[used++] = '\t';
        for (size_t i = 0; i < text_len; i++) {
            WCHAR c = text[i];
            if (c == L'\\' || c == L'\n' || c == L'\t' || c == L'\r') {
                escaped[k++] = L'\\';
                c = c == L'\n' ? L'n' : c == L'\t' ? L't' : c == L'\r' ? L'r' : L'\\';
            }
            escaped[k++] = c;
        }
        if (k > 0) {
            int bytes = WideCharToMultiByte(CP_UTF8, 0, escaped, (int)k, line + used,
                                            (int)(size - used - 1), NULL, NULL);
            if (bytes <= 0)
                goto done;
            used += (size_t)bytes;
        }
    }
    line[used++] = '\n';
    HANDLE file = CreateFileW(path, FILE_APPEND_DATA, FILE_SHARE_READ | FILE_SHARE_WRITE,
                              NULL, OPEN_ALWAYS, FILE_ATTRIBUTE_NORMAL, NULL);
    if (file != INVALID_HANDLE_VALUE) {
        DWORD written;
        WriteFile(file, line, (DWORD)used, &written, NULL);
        CloseHandle(file);
    }
done:
    if (line)
        HeapFree(GetProcessHeap(), 0, line);
    if (escaped)
        HeapFree(GetProcessHeap(), 0, escaped);
}

__declspec(dllexport) unsigned long __stdcall nvdaController_testIfRunning(void)
{
    unsigned long answer = running() ? 0 : NOT_RUNNING;
    record(answer == 0 ? "test\t0" : "test\t1722", NULL);
    return answer;
}

__declspec(dllexport) unsigned long __stdcall nvdaController_speakText(const wchar_t *text)
{
    if (!running())
        return NOT_RUNNING;
    record("speak", text ? text : L"");
    return 0;
}

__declspec(dllexport) unsigned long __stdcall nvdaController_cancelSpeech(void)
{
    if (!running())
        return NOT_RUNNING;
    record("cancel", NULL);
    return 0;
}

__declspec(dllexport) unsigned long __stdcall nvdaController_brailleMessage(const wchar_t *message)
{
    if (!running())
        return NOT_RUNNING;
    record("braille", message ? message : L"");
    return 0;
}
