import torch
import torch.nn as nn
import torch.optim as optim
from models.cnn import HandwritingCNN, HandwritingOCRNet
from models.mlp import  HandwritingMLP

from data import scan_image_folder, OCRDataset, OCRDataLoader
from data.transforms import Compose, Resize, Threshold, ToTensor, Erode, Invert, RandomShift, RandomRotate
from dotenv import load_dotenv
import os

load_dotenv()
ARCH = os.getenv("MODEL")
BS = int(os.getenv("BATCH_SIZE"))
LR = float(os.getenv("LEARNING_RATE"))
EPOCHS = int(os.getenv("NUM_EPOCHS"))
CHECK_EVERY = int(os.getenv("VAL_EVERY"))
ROOT = os.getenv("DATA_DIR")

from model_saveloader import save_checkpoint, load_checkpoint
from visualizer import visualize_predictions

def check_accuracy(net, loader):   
    global device, class_names, ds
    ds.transform = plain_tf
    net.eval()
    right = 0
    seen = 0
    summed = 0
    with torch.no_grad():
        for pics, tags in loader:
            if len(pics) == 0:
                continue
            pics, tags = pics.to(device), tags.to(device)
            logits = net(pics)
            _, guess = torch.max(logits, 1)
            right += (guess == tags).sum().item()
            seen += tags.size(0)
    return right/seen

if __name__ == "__main__":
    # augmenting pipeline
    aug_tf = Compose([
    Resize((64, 64)),
    RandomRotate(angle=10),
    RandomShift(max_shift=4),
    ToTensor()
    ])

    plain_tf = Compose([
        Resize((64, 64)),
        ToTensor()
    ])


    files, tags = scan_image_folder(ROOT)
    class_names = sorted(set(tags))
    name_to_idx = {c: k for k, c in enumerate(sorted(set(tags)))}
    tags = [name_to_idx[t] for t in tags]

    print(files[0], tags[0])
    ds = OCRDataset(files, tags, transform=aug_tf)

    loader = OCRDataLoader(ds, batch_size=BS, validation_split=0.2, shuffle=True)
    fit_loader = loader 
    check_loader = loader.split_validation()  

    if check_loader is None:
        raise ValueError("No validation loader; check validation_split.")

    if torch.cuda.is_available():
        print("Training on CUDA")
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    if ARCH == "HandwritingMLP":
        net = HandwritingMLP(num_classes=len(set(tags))).to(device)
    elif ARCH == "HandwritingCNN":
        net = HandwritingCNN(num_classes=len(set(tags))).to(device)
    elif ARCH == "HandwritingOCRNet":
        net = HandwritingOCRNet(num_classes=len(set(tags))).to(device)
    else:
        raise ValueError(f"Unknown architecture: {ARCH}")

    loss_fn = nn.CrossEntropyLoss()
    opt = optim.Adam(net.parameters(), lr=LR)

    for ep in range(EPOCHS):
        ds.transform = aug_tf
        net.train()
        summed = 0
        n = 0
        right = 0
        for pics, tags in fit_loader:
            if len(pics) == 0:
                continue
            pics, tags = pics.to(device), tags.to(device)
            opt.zero_grad()
            logits = net(pics)
            loss = loss_fn(logits, tags)
            _, guess = torch.max(logits, 1)
            right += (guess == tags).sum().item()

            loss.backward()
            opt.step()
            summed += loss.item()
            n += BS
        print(f"Epoch {ep+1} - loss: {summed:.4f} - accuracy: {right/n * 100:.4f}%")
        if (ep+1)%CHECK_EVERY == 0:
            print(f"Validation accuracy: {check_accuracy(net, check_loader)*100}%")

    setattr(net, '_kwargs', {'num_classes': len(class_names)})
    save_checkpoint(net, opt, ep, summed, LR, "checkp_2.pt")

    visualize_predictions(net, check_loader, class_names = class_names, device=device, num_images=6)
 
