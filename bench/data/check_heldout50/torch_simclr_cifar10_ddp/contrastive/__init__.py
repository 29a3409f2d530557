from .nets import SimCLRNet, ProbeHead
