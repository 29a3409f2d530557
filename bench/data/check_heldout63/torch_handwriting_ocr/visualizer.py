import torch
import torch
#import torch.nn as nn
#import torch.optim as optim
import matplotlib.pyplot as plt
import torch.nn.functional as F
from model_saveloader import save_checkpoint, load_checkpoint
from data import scan_image_folder, OCRDataset, OCRDataLoader
from data.transforms import Compose, Resize, ToTensor


def visualize_predictions(net, loader, class_names, device, num_images=6):
    net.eval()
    shown = 0
    fig = plt.figure(figsize=(15, 6))

    with torch.no_grad():
        for pics, tags in loader:
            pics, tags = pics.to(device), tags.to(device)
            logits = net(pics)
            probs = F.softmax(logits, dim=1)
            guess = torch.argmax(probs, dim=1)

            for k in range(pics.size(0)):
                if shown >= num_images:
                    break

                pic = pics[k].cpu().squeeze().numpy()
                guessed = class_names[guess[k].item()]
                actual = class_names[tags[k].item()]
                conf = probs[k][guess[k]].item()

                ax = fig.add_subplot(2, (num_images + 1)//2, shown + 1)
                ax.imshow(pic, cmap='gray')
                ax.set_title(f"Guess: {guessed} ({conf*100:.1f}%)\nActual: {actual}")
                ax.axis("off")

                shown += 1

            if shown >= num_images:
                break

    plt.tight_layout()
    plt.show()



# build a loader first
#loader = OCRDataLoader(ds, batch_size=16, shuffle=True)

# then hand it over:
#visualize_predictions(net, loader, class_names=class_names, device=device, num_images=6)




