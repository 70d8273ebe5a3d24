/* A stand-in for Windows' bcryptprimitives.dll, for Wine 8.0 only (CI's
 * Windows stage installs it into its own Wine prefix; never shipped).
 *
 * Rust's standard library (1.78 and later) gets its random bytes from
 * ProcessPrng in bcryptprimitives.dll, which Windows 10 and 11 have and
 * Wine 8.0 does not: cryptography 43 and later then fail to import under
 * Wine ("DLL load failed while importing _rust").  This one function fills
 * the buffer from BCryptGenRandom, the system's preferred generator.
 *
 *   x86_64-w64-mingw32-gcc -O2 -shared -o bcryptprimitives.dll \
 *       bcryptprimitives.c -lbcrypt -Wl,--kill-at
 */
#include <windows.h>
#include <bcrypt.h>

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len)
{
    while (len > 0) {
        ULONG chunk = len > 0x40000000 ? 0x40000000 : (ULONG)len;
        if (!BCRYPT_SUCCESS(BCryptGenRandom(NULL, data, chunk,
                                            BCRYPT_USE_SYSTEM_PREFERRED_RNG)))
            return FALSE;
        data += chunk;
        len -= chunk;
    }
    return TRUE;
}
