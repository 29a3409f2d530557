import torch
import torch.nn as nn
import torch.utils.model_zoo as model_zoo
from basemodel import *

pretrained_urls = {
    'resnet18': 'https://download.pytorch.org/models/resnet18-5c106cde.pth',
    'resnet34': 'https://download.pytorch.org/models/resnet34-333f7ec4.pth',
    'resnet50': 'https://download.pytorch.org/models/resnet50-19c8e357.pth',
    'resnet101': 'https://download.pytorch.org/models/resnet101-5d3b4d8f.pth',
}

class SeedlingResNet18(nn.Module):
    def __init__(self, n_species=12):
        super(SeedlingResNet18, self).__init__()
        self.backbone = resnet18(pretrained=False)

        self.gap = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(512, n_species)

        for layer in self.modules():
            if isinstance(layer, nn.Conv2d):
                nn.init.kaiming_normal_(layer.weight.data)
            elif isinstance(layer, nn.BatchNorm2d):
                layer.weight.data.fill_(1)
                layer.bias.data.zero_()
            elif isinstance(layer, nn.Linear):
                nn.init.kaiming_normal_(layer.weight.data)
                layer.bias.data.zero_()
        self.backbone.load_state_dict(model_zoo.load_url(pretrained_urls['resnet18']), strict=False)

    def forward(self, h):
        c2,c3,c4,c5 = self.backbone(h)
        h = c5
        h = self.gap(h)
        h = h.view(h.size(0), -1)
        h = self.fc(h)
        return h

class SeedlingResNet50(nn.Module):
    def __init__(self, n_species=12):
        super(SeedlingResNet50, self).__init__()
        self.backbone = resnet50(pretrained=False)

        self.gap = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(2048, n_species)

        for layer in self.modules():
            if isinstance(layer, nn.Conv2d):
                nn.init.kaiming_normal_(layer.weight.data)
            elif isinstance(layer, nn.BatchNorm2d):
                layer.weight.data.fill_(1)
                layer.bias.data.zero_()
            elif isinstance(layer, nn.Linear):
                nn.init.kaiming_normal_(layer.weight.data)
                layer.bias.data.zero_()
        self.backbone.load_state_dict(model_zoo.load_url(pretrained_urls['resnet50']), strict=False)

    def forward(self, h):
        c2,c3,c4,c5 = self.backbone(h)
        h = c5
        h = self.gap(h)
        h = h.view(h.size(0), -1)
        h = self.fc(h)
        return h

class SeedlingResNet50Pyramid(nn.Module):
    def __init__(self, n_species=12):
        super(SeedlingResNet50Pyramid, self).__init__()
        self.backbone = resnet50(pretrained=False)

        self.pool_c3 = nn.AdaptiveAvgPool2d(4)
        self.pool_c4 = nn.AdaptiveAvgPool2d(2)
        self.pool_c5 = nn.AdaptiveAvgPool2d(1)
        self.fc_c3 = nn.Sequential(
            nn.Linear(512*16, 2048),
            nn.ReLU()
        )
        self.fc_c4 = nn.Sequential(
            nn.Linear(1024*4, 2048),
            nn.ReLU()
        )

        self.species_head = nn.Linear(2048*3, n_species)

        for layer in self.modules():
            if isinstance(layer, nn.Conv2d):
                nn.init.kaiming_normal_(layer.weight.data)
            elif isinstance(layer, nn.BatchNorm2d):
                layer.weight.data.fill_(1)
                layer.bias.data.zero_()
            elif isinstance(layer, nn.Linear):
                nn.init.kaiming_normal_(layer.weight.data)
                layer.bias.data.zero_()
        self.backbone.load_state_dict(model_zoo.load_url(pretrained_urls['resnet50']), strict=False)

    def forward(self, h):
        c2,c3,c4,c5 = self.backbone(h)
        c3 = self.pool_c3(c3)
        c4 = self.pool_c4(c4)
        c5 = self.pool_c5(c5)

        c3 = c3.view(c3.size(0), -1)
        c3 = self.fc_c3(c3)

        c4 = c4.view(c4.size(0), -1)
        c4 = self.fc_c4(c4)

        c5 = c5.view(c5.size(0), -1)
        h = torch.cat([c3,c4,c5], dim=1)
        h = self.species_head(h)
        return h

class SeedlingResNet50Attention(nn.Module):
    def __init__(self, n_species=12):
        super(SeedlingResNet50Attention, self).__init__()
        self.backbone = resnet50(pretrained=False)

        self.attn_map = nn.Sequential(
            nn.Conv2d(2048, 1, kernel_size=3, padding=1, bias=True),
            nn.Sigmoid()
        )

        self.gap = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(2048, n_species)

        for layer in self.modules():
            if isinstance(layer, nn.Conv2d):
                nn.init.kaiming_normal_(layer.weight.data)
            elif isinstance(layer, nn.BatchNorm2d):
                layer.weight.data.fill_(1)
                layer.bias.data.zero_()
            elif isinstance(layer, nn.Linear):
                nn.init.kaiming_normal_(layer.weight.data)
                layer.bias.data.zero_()
        self.backbone.load_state_dict(model_zoo.load_url(pretrained_urls['resnet50']), strict=False)

    def forward(self, h):
        c2,c3,c4,c5 = self.backbone(h)
        h = c5
        attn = self.attn_map(h) + 1
        h = h * attn
        h = self.gap(h)
        h = h.view(h.size(0), -1)
        h = self.fc(h)
        return h

class SeedlingResNet101(nn.Module):
    def __init__(self, n_species=12):
        super(SeedlingResNet101, self).__init__()
        self.backbone = resnet101(pretrained=False)

        self.gap = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(2048, n_species)

        for layer in self.modules():
            if isinstance(layer, nn.Conv2d):
                nn.init.kaiming_normal_(layer.weight.data)
            elif isinstance(layer, nn.BatchNorm2d):
                layer.weight.data.fill_(1)
                layer.bias.data.zero_()
            elif isinstance(layer, nn.Linear):
                nn.init.kaiming_normal_(layer.weight.data)
                layer.bias.data.zero_()
        self.backbone.load_state_dict(model_zoo.load_url(pretrained_urls['resnet101']), strict=False)

    def forward(self, h):
        c2,c3,c4,c5 = self.backbone(h)
        h = c5
        h = self.gap(h)
        h = h.view(h.size(0), -1)
        h = self.fc(h)
        return h