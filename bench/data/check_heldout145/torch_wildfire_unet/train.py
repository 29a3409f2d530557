from model.pretrained_unet import PretrainedUNet
import os
import torch
import torch.nn as nn
from torch.utils.data import DataLoader
from torchvision import transforms
from PIL import Image
from tqdm import tqdm

from dataset import FireMaskSet




# locations
IMG_FOLDER = "data/fire/images/fire"
MASK_FOLDER = "data/fire/masks"
WEIGHTS_OUT = "checkpoints/fire_unet.pth"

# settings
BS = 4
STEP = 1e-4
N_EPOCHS = 10
DEV = torch.device("cuda" if torch.cuda.is_available() else "cpu")

# unused transform passed to the dataset
tfm = transforms.Compose([
    transforms.ToTensor()
])

# data
fire_set = FireMaskSet(IMG_FOLDER, MASK_FOLDER, transform=tfm)
fire_loader = DataLoader(fire_set, batch_size=BS, shuffle=True)

print(f"{len(fire_set)} image/mask pairs found.")

# network
net = PretrainedUNet(
    encoder_name='resnet34',      
    encoder_weights='imagenet',  
    in_channels=3,               
    classes=1,                    
    activation='sigmoid'           
).to(DEV)
loss_fn = nn.BCEWithLogitsLoss()
opt = torch.optim.Adam(net.parameters(), lr=STEP)

# optimisation
for ep in range(N_EPOCHS):
    net.train()
    running = 0
    bar = tqdm(fire_loader, desc=f"epoch {ep+1}/{N_EPOCHS}")

    for imgs, msks in bar:
        imgs = imgs.to(DEV)
        msks = msks.to(DEV).unsqueeze(1) 

        preds = net(imgs)
        msks = msks.squeeze(2) 
        loss = loss_fn(preds, msks)


        opt.zero_grad()
        loss.backward()
        opt.step()

        running += loss.item()
        bar.set_postfix(loss=loss.item())

    print(f"epoch {ep+1}/{N_EPOCHS}, mean loss {running/len(fire_loader):.4f}")

# store weights
os.makedirs(os.path.dirname(WEIGHTS_OUT), exist_ok=True)
torch.save(net.state_dict(), WEIGHTS_OUT)
print(f"weights written to {WEIGHTS_OUT}")
