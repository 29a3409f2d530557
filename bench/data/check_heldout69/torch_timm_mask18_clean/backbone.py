import timm
import torch

class FaceMaskNet(torch.nn.Module):
    def __init__(self,arch,n_classes,pretrained=False):
        super().__init__()
        self.model = timm.create_model(arch,num_classes=1000, pretrained=pretrained)
        #self.margin_head = ArcMarginProduct(1000,n_classes)

    def forward(self,x):
        x=self.model(x)
        #x = self.margin_head(x,True)
        return x


def start(n_classes):
    net = FaceMaskNet("efficientnet_b4",n_classes,pretrained=True)
    

    return net
    
