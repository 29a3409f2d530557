import os
import torch
from torchvision.transforms import transforms

RUN_DEVICE = 'cuda' if torch.cuda.is_available() else 'cpu'
PATCH_GRID = 30
N_CHANNELS = 3
SIDE_W = 256
SIDE_H = 256
W_CYCLE = 10
W_IDENTITY = W_CYCLE * 0.5
BATCH = 2
LEAK = 0.2
ADAM_B1 = 0.5
ADAM_B2 = 0.999
G_LR = 2e-4
D_LR = G_LR * 0.5
N_EPOCHS = 15
SNAPSHOT_EVERY = 100
HERE = os.path.dirname(os.path.abspath(__file__))
PHOTO_DIR = os.path.join(HERE, 'src/dataset/photo_jpg/')
PAINTING_DIR = os.path.join(HERE, 'src/dataset/monet_jpg/')
PHOTO_OUT = os.path.join(HERE, 'training_results/Generated photos/')
PAINTING_OUT = os.path.join(HERE, 'training_results/Generated paintings/')
PLOT_OUT = os.path.join(HERE, 'training_results/Models loss/')

PREPROCESS = transforms.Compose([
    transforms.Resize((SIDE_H * 2, SIDE_W * 2)),
    transforms.CenterCrop(SIDE_W),
    transforms.ToTensor(),
    transforms.RandomHorizontalFlip(p=0.5),
    transforms.Normalize(mean=(0.5, 0.5, 0.5), std=(0.5, 0.5, 0.5)),
])
l1 = torch.nn.L1Loss()
l2 = torch.nn.MSELoss()
