from . import tools
