
import os
import torch
import torch.optim as optim
from pathlib import Path
from torch import nn
from torchvision import transforms, utils, datasets

from unet import UNet

voc_root = "data"
ckpt_dir = Path("model")
ckpt_dir.mkdir(exist_ok=True)
ckpt_file = "model/unet-voc.pt"
save_every = 10
n_epochs = 100
shuffle_batches = False
dev = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")

prep = transforms.Compose([transforms.Resize((512, 512)), transforms.ToTensor(), transforms.Grayscale()])
voc_set = datasets.VOCSegmentation(
    voc_root,
    year="2007",
    download=True,
    image_set="train",
    transform=prep,
    target_transform=prep,
)

def fit():
    batches = torch.utils.data.DataLoader(voc_set, batch_size=2, shuffle=shuffle_batches)

    net = UNet(dimensions=22)
    net.to(dev)
    if os.path.isfile(ckpt_file):
        net.load_state_dict(torch.load(ckpt_file, map_location=torch.device(dev)))
    opt = optim.RMSprop(
        net.parameters(), lr=0.0001, weight_decay=1e-8, momentum=0.9
    )
    ce = nn.CrossEntropyLoss()
    for ep in range(n_epochs):
        print(f"Epoch {ep}")
        step_losses = []
        for k, pair in enumerate(batches):
            pics, labels = pair
            pics = pics.to(dev)
            labels = labels.type(torch.LongTensor).to(dev)
            # a final batch of one breaks the squeeze below, so drop it
            if pics.shape[0] < 2:
                continue
            opt.zero_grad()
            logits = net(pics)
            loss = ce(logits, labels.squeeze())
            # as_float = loss.item()
            loss.backward()
            opt.step()
            step_losses.append(loss.item())
        # mean loss of the epoch
        print(sum(step_losses) /len(step_losses))
        if (ep + 1) % save_every == 0:
            print("Writing checkpoint")

        torch.save(net.state_dict(), ckpt_file)
    torch.save(net.state_dict(), ckpt_file)
    return


if __name__ == "__main__":
    fit()
