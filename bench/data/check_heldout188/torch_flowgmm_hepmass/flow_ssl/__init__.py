from flow_ssl.flow_loss import FlowLoss
from flow_ssl.realnvp import RealNVP,RealNVPw1x1,RealNVPw1x1ActNorm
from flow_ssl.realnvp import RealNVPMNIST
from flow_ssl.iresnet import ResidualFlow
from flow_ssl.realnvp import RealNVPTabular
from flow_ssl.iresnet import ResidualFlow, SmallResidualFlow
from flow_ssl.icnn.icnn import iCNN
from flow_ssl.icnn.icnn import iCNN3d
from flow_ssl.glow import Glow
from flow_ssl.glow import GlowMNIST
#from flow_ssl.flow_trainer import Flow
