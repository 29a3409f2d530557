import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn import init

def init_net_weights(network, scheme='normal', scale=0.02):
    def _init_one(mod):
        cls_name = mod.__class__.__name__
        if hasattr(mod, 'weight') and (cls_name.find('Conv') != -1 or cls_name.find('Linear') != -1):
            if scheme == 'normal':
                init.normal_(mod.weight.data, 0.0, scale)
            elif scheme == 'xavier':
                init.xavier_normal_(mod.weight.data, scale=scale)
            elif scheme == 'kaiming':
                init.kaiming_normal_(mod.weight.data, a=0, mode='fan_in')
            elif scheme == 'orthogonal':
                init.orthogonal_(mod.weight.data, scale=scale)
            else:
                raise NotImplementedError('unknown init scheme [%s]' % scheme)
            if hasattr(mod, 'bias') and mod.bias is not None:
                init.constant_(mod.bias.data, 0.0)
        elif cls_name.find('BatchNorm2d') != -1:
            init.normal_(mod.weight.data, 1.0, scale)
            init.constant_(mod.bias.data, 0.0)

    print('weights initialised with %s' % scheme)
    network.apply(_init_one)

class DoubleConv(nn.Module):
    def __init__(self,in_ch,out_ch):
        super(DoubleConv,self).__init__()
        self.body = nn.Sequential(
            nn.Conv2d(in_ch, out_ch, kernel_size=3,stride=1,padding=1,bias=True),
            nn.BatchNorm2d(out_ch),
            nn.ReLU(inplace=True),
            nn.Conv2d(out_ch, out_ch, kernel_size=3,stride=1,padding=1,bias=True),
            nn.BatchNorm2d(out_ch),
            nn.ReLU(inplace=True)
        )


    def forward(self,x):
        x = self.body(x)
        return x

class UpConv(nn.Module):
    def __init__(self,in_ch,out_ch):
        super(UpConv,self).__init__()
        self.upsample = nn.Sequential(
            nn.Upsample(scale_factor=2),
            nn.Conv2d(in_ch,out_ch,kernel_size=3,stride=1,padding=1,bias=True),
		    nn.BatchNorm2d(out_ch),
			nn.ReLU(inplace=True)
        )

    def forward(self,x):
        x = self.upsample(x)
        return x

class RecurrentConv(nn.Module):
    def __init__(self,out_ch,steps=2):
        super(RecurrentConv,self).__init__()
        self.steps = steps
        self.out_ch = out_ch
        self.body = nn.Sequential(
            nn.Conv2d(out_ch,out_ch,kernel_size=3,stride=1,padding=1,bias=True),
		    nn.BatchNorm2d(out_ch),
			nn.ReLU(inplace=True)
        )

    def forward(self,x):
        for i in range(self.steps):

            if i==0:
                e1 = self.body(x)
            
            e1 = self.body(x+e1)
        return e1
        
class RRConvBlock(nn.Module):
    def __init__(self,in_ch,out_ch,steps=2):
        super(RRConvBlock,self).__init__()
        self.rec = nn.Sequential(
            RecurrentConv(out_ch,steps=steps),
            RecurrentConv(out_ch,steps=steps)
        )
        self.shortcut = nn.Conv2d(in_ch,out_ch,kernel_size=1,stride=1,padding=0)

    def forward(self,x):
        x = self.shortcut(x)
        e1 = self.rec(x)
        return x+e1


class SingleConv(nn.Module):
    def __init__(self,in_ch,out_ch):
        super(SingleConv,self).__init__()
        self.body = nn.Sequential(
            nn.Conv2d(in_ch, out_ch, kernel_size=3,stride=1,padding=1,bias=True),
            nn.BatchNorm2d(out_ch),
            nn.ReLU(inplace=True)
        )

    def forward(self,x):
        x = self.body(x)
        return x

class AttentionGate(nn.Module):
    def __init__(self,g_ch,l_ch,mid_ch):
        super(AttentionGate,self).__init__()
        self.proj_g = nn.Sequential(
            nn.Conv2d(g_ch, mid_ch, kernel_size=1,stride=1,padding=0,bias=True),
            nn.BatchNorm2d(mid_ch)
            )
        
        self.proj_x = nn.Sequential(
            nn.Conv2d(l_ch, mid_ch, kernel_size=1,stride=1,padding=0,bias=True),
            nn.BatchNorm2d(mid_ch)
        )

        self.gate = nn.Sequential(
            nn.Conv2d(mid_ch, 1, kernel_size=1,stride=1,padding=0,bias=True),
            nn.BatchNorm2d(1),
            nn.Sigmoid()
        )
        
        self.act = nn.ReLU(inplace=True)
        
    def forward(self,g_in,x):
        g_proj = self.proj_g(g_in)
        e1 = self.proj_x(x)
        gate = self.act(g_proj+e1)
        gate = self.gate(gate)

        return x*gate


class UNet(nn.Module):
    def __init__(self,img_ch=3,output_ch=1):
        super(UNet,self).__init__()
        
        self.pool = nn.MaxPool2d(kernel_size=2,stride=2)

        self.enc1 = DoubleConv(in_ch=img_ch,out_ch=64)
        self.enc2 = DoubleConv(in_ch=64,out_ch=128)
        self.enc3 = DoubleConv(in_ch=128,out_ch=256)
        self.enc4 = DoubleConv(in_ch=256,out_ch=512)
        self.enc5 = DoubleConv(in_ch=512,out_ch=1024)

        self.up5 = UpConv(in_ch=1024,out_ch=512)
        self.dec5 = DoubleConv(in_ch=1024, out_ch=512)

        self.up4 = UpConv(in_ch=512,out_ch=256)
        self.dec4 = DoubleConv(in_ch=512, out_ch=256)
        
        self.up3 = UpConv(in_ch=256,out_ch=128)
        self.dec3 = DoubleConv(in_ch=256, out_ch=128)
        
        self.up2 = UpConv(in_ch=128,out_ch=64)
        self.dec2 = DoubleConv(in_ch=128, out_ch=64)

        self.shortcut = nn.Conv2d(64,output_ch,kernel_size=1,stride=1,padding=0)


    def forward(self,x):
        # contracting side
        e1 = self.enc1(x)

        e2 = self.pool(e1)
        e2 = self.enc2(e2)
        
        e3 = self.pool(e2)
        e3 = self.enc3(e3)

        e4 = self.pool(e3)
        e4 = self.enc4(e4)

        e5 = self.pool(e4)
        e5 = self.enc5(e5)

        # expanding side with skip concat
        y5 = self.up5(e5)
        y5 = torch.cat((e4,y5),dim=1)
        
        y5 = self.dec5(y5)
        
        y4 = self.up4(y5)
        y4 = torch.cat((e3,y4),dim=1)
        y4 = self.dec4(y4)

        y3 = self.up3(y4)
        y3 = torch.cat((e2,y3),dim=1)
        y3 = self.dec3(y3)

        y2 = self.up2(y3)
        y2 = torch.cat((e1,y2),dim=1)
        y2 = self.dec2(y2)

        y1 = self.shortcut(y2)

        return y1


class R2UNet(nn.Module):
    def __init__(self,img_ch=3,output_ch=1,steps=2):
        super(R2UNet,self).__init__()
        
        self.pool = nn.MaxPool2d(kernel_size=2,stride=2)
        self.Upsample = nn.Upsample(scale_factor=2)

        self.rr1 = RRConvBlock(in_ch=img_ch,out_ch=64,steps=steps)

        self.rr2 = RRConvBlock(in_ch=64,out_ch=128,steps=steps)
        
        self.rr3 = RRConvBlock(in_ch=128,out_ch=256,steps=steps)
        
        self.rr4 = RRConvBlock(in_ch=256,out_ch=512,steps=steps)
        
        self.rr5 = RRConvBlock(in_ch=512,out_ch=1024,steps=steps)
        

        self.up5 = UpConv(in_ch=1024,out_ch=512)
        self.up_rr5 = RRConvBlock(in_ch=1024, out_ch=512,steps=steps)
        
        self.up4 = UpConv(in_ch=512,out_ch=256)
        self.up_rr4 = RRConvBlock(in_ch=512, out_ch=256,steps=steps)
        
        self.up3 = UpConv(in_ch=256,out_ch=128)
        self.up_rr3 = RRConvBlock(in_ch=256, out_ch=128,steps=steps)
        
        self.up2 = UpConv(in_ch=128,out_ch=64)
        self.up_rr2 = RRConvBlock(in_ch=128, out_ch=64,steps=steps)

        self.shortcut = nn.Conv2d(64,output_ch,kernel_size=1,stride=1,padding=0)


    def forward(self,x):
        # contracting side
        e1 = self.rr1(x)

        e2 = self.pool(e1)
        e2 = self.rr2(e2)
        
        e3 = self.pool(e2)
        e3 = self.rr3(e3)

        e4 = self.pool(e3)
        e4 = self.rr4(e4)

        e5 = self.pool(e4)
        e5 = self.rr5(e5)

        # expanding side with skip concat
        y5 = self.up5(e5)
        y5 = torch.cat((e4,y5),dim=1)
        y5 = self.up_rr5(y5)
        
        y4 = self.up4(y5)
        y4 = torch.cat((e3,y4),dim=1)
        y4 = self.up_rr4(y4)

        y3 = self.up3(y4)
        y3 = torch.cat((e2,y3),dim=1)
        y3 = self.up_rr3(y3)

        y2 = self.up2(y3)
        y2 = torch.cat((e1,y2),dim=1)
        y2 = self.up_rr2(y2)

        y1 = self.shortcut(y2)

        return y1



class AttUNet(nn.Module):
    def __init__(self,img_ch=3,output_ch=1):
        super(AttUNet,self).__init__()
        
        self.pool = nn.MaxPool2d(kernel_size=2,stride=2)

        self.enc1 = DoubleConv(in_ch=img_ch,out_ch=64)
        self.enc2 = DoubleConv(in_ch=64,out_ch=128)
        self.enc3 = DoubleConv(in_ch=128,out_ch=256)
        self.enc4 = DoubleConv(in_ch=256,out_ch=512)
        self.enc5 = DoubleConv(in_ch=512,out_ch=1024)

        self.up5 = UpConv(in_ch=1024,out_ch=512)
        self.gate5 = AttentionGate(g_ch=512,l_ch=512,mid_ch=256)
        self.dec5 = DoubleConv(in_ch=1024, out_ch=512)

        self.up4 = UpConv(in_ch=512,out_ch=256)
        self.gate4 = AttentionGate(g_ch=256,l_ch=256,mid_ch=128)
        self.dec4 = DoubleConv(in_ch=512, out_ch=256)
        
        self.up3 = UpConv(in_ch=256,out_ch=128)
        self.gate3 = AttentionGate(g_ch=128,l_ch=128,mid_ch=64)
        self.dec3 = DoubleConv(in_ch=256, out_ch=128)
        
        self.up2 = UpConv(in_ch=128,out_ch=64)
        self.gate2 = AttentionGate(g_ch=64,l_ch=64,mid_ch=32)
        self.dec2 = DoubleConv(in_ch=128, out_ch=64)

        self.shortcut = nn.Conv2d(64,output_ch,kernel_size=1,stride=1,padding=0)


    def forward(self,x):
        # contracting side
        e1 = self.enc1(x)

        e2 = self.pool(e1)
        e2 = self.enc2(e2)
        
        e3 = self.pool(e2)
        e3 = self.enc3(e3)

        e4 = self.pool(e3)
        e4 = self.enc4(e4)

        e5 = self.pool(e4)
        e5 = self.enc5(e5)

        # expanding side with skip concat
        y5 = self.up5(e5)
        e4 = self.gate5(g=y5,x=e4)
        y5 = torch.cat((e4,y5),dim=1)        
        y5 = self.dec5(y5)
        
        y4 = self.up4(y5)
        e3 = self.gate4(g=y4,x=e3)
        y4 = torch.cat((e3,y4),dim=1)
        y4 = self.dec4(y4)

        y3 = self.up3(y4)
        e2 = self.gate3(g=y3,x=e2)
        y3 = torch.cat((e2,y3),dim=1)
        y3 = self.dec3(y3)

        y2 = self.up2(y3)
        e1 = self.gate2(g=y2,x=e1)
        y2 = torch.cat((e1,y2),dim=1)
        y2 = self.dec2(y2)

        y1 = self.shortcut(y2)

        return y1


class R2AttUNet(nn.Module):
    def __init__(self,img_ch=3,output_ch=1,steps=2):
        super(R2AttUNet,self).__init__()
        
        self.pool = nn.MaxPool2d(kernel_size=2,stride=2)
        self.Upsample = nn.Upsample(scale_factor=2)

        self.rr1 = RRConvBlock(in_ch=img_ch,out_ch=64,steps=steps)

        self.rr2 = RRConvBlock(in_ch=64,out_ch=128,steps=steps)
        
        self.rr3 = RRConvBlock(in_ch=128,out_ch=256,steps=steps)
        
        self.rr4 = RRConvBlock(in_ch=256,out_ch=512,steps=steps)
        
        self.rr5 = RRConvBlock(in_ch=512,out_ch=1024,steps=steps)
        

        self.up5 = UpConv(in_ch=1024,out_ch=512)
        self.gate5 = AttentionGate(g_ch=512,l_ch=512,mid_ch=256)
        self.up_rr5 = RRConvBlock(in_ch=1024, out_ch=512,steps=steps)
        
        self.up4 = UpConv(in_ch=512,out_ch=256)
        self.gate4 = AttentionGate(g_ch=256,l_ch=256,mid_ch=128)
        self.up_rr4 = RRConvBlock(in_ch=512, out_ch=256,steps=steps)
        
        self.up3 = UpConv(in_ch=256,out_ch=128)
        self.gate3 = AttentionGate(g_ch=128,l_ch=128,mid_ch=64)
        self.up_rr3 = RRConvBlock(in_ch=256, out_ch=128,steps=steps)
        
        self.up2 = UpConv(in_ch=128,out_ch=64)
        self.gate2 = AttentionGate(g_ch=64,l_ch=64,mid_ch=32)
        self.up_rr2 = RRConvBlock(in_ch=128, out_ch=64,steps=steps)

        self.shortcut = nn.Conv2d(64,output_ch,kernel_size=1,stride=1,padding=0)


    def forward(self,x):
        # contracting side
        e1 = self.rr1(x)

        e2 = self.pool(e1)
        e2 = self.rr2(e2)
        
        e3 = self.pool(e2)
        e3 = self.rr3(e3)

        e4 = self.pool(e3)
        e4 = self.rr4(e4)

        e5 = self.pool(e4)
        e5 = self.rr5(e5)

        # expanding side with skip concat
        y5 = self.up5(e5)
        e4 = self.gate5(g=y5,x=e4)
        y5 = torch.cat((e4,y5),dim=1)
        y5 = self.up_rr5(y5)
        
        y4 = self.up4(y5)
        e3 = self.gate4(g=y4,x=e3)
        y4 = torch.cat((e3,y4),dim=1)
        y4 = self.up_rr4(y4)

        y3 = self.up3(y4)
        e2 = self.gate3(g=y3,x=e2)
        y3 = torch.cat((e2,y3),dim=1)
        y3 = self.up_rr3(y3)

        y2 = self.up2(y3)
        e1 = self.gate2(g=y2,x=e1)
        y2 = torch.cat((e1,y2),dim=1)
        y2 = self.up_rr2(y2)

        y1 = self.shortcut(y2)

        return y1
