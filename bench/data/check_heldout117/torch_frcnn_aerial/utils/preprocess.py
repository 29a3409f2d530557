import torch
import torchvision.transforms as transforms


dev = 'cuda' if torch.cuda.is_available() else 'cpu'

def to_model_tensor(pic):
    pic = torch.tensor(pic).permute(2,0,1)
    return pic.to(dev).float()
