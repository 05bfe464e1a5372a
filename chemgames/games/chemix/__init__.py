"""ChemiX: the shared card set (``cards``) and ChemiX Classic (``rules``); Chemuno uses the same cards."""
from ...core.i18n import register_catalog

register_catalog(__package__)  # on import of any part of the game
