"""The desktop table: pygame window, screens, focusable controls, drawing.

Built on the session and the engine; it never computes legality itself —
amounts and refusals come from the engine's legal actions and its
``IllegalAction`` reasons."""
