"""Shipped variant files (TOML), read by :mod:`holdem_desktop.engine.variant`."""
