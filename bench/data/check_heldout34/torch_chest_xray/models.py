from torchvision import datasets, models, transforms
import torch.nn as nn

class ScratchResNet18(nn.Module):
    def __init__(self,drop_p):
        super(ScratchResNet18, self).__init__()
        self.model = models.resnet18(pretrained=False)
        n_features_in = self.model.fc.in_features
        
        # two output classes: normal and pneumonia
        self.model.fc = nn.Sequential(
            nn.Dropout(drop_p),
            nn.Linear(n_features_in, 2)
        )


    def forward(self, x):
        return self.model(x)
        



class PretrainedResNet18(nn.Module):
    def __init__(self, drop_p):
        super(PretrainedResNet18, self).__init__()
        self.model = models.resnet18(weights=models.ResNet18_Weights.DEFAULT)
        n_features_in = self.model.fc.in_features
        # two output classes: normal and pneumonia
        self.model.fc = nn.Sequential(
            nn.Dropout(drop_p),
            nn.Linear(n_features_in, 2)
        )


    def forward(self, x):
        return self.model(x)

