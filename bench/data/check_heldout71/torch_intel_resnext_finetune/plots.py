import matplotlib.pyplot as plt
import random
from torchvision.transforms import functional
import torchvision.transforms as T
from torchvision import datasets
import cfg_intel as cfg


def show_some(n_pics, n_cols=4):
    folder = datasets.ImageFolder(root=cfg.DATA_ROOT + 'seg_test/seg_test/', transform=T.ToTensor())
    n_rows = (n_pics + n_cols - 1) // n_cols
    plt.figure(figsize=(n_cols*3, n_rows*3))
    picks = random.sample(range(len(folder)), n_pics)
    for k, idx in enumerate(picks):
        x, y = folder[idx]
        plt.subplot(n_rows, n_cols, k+1)
        x = functional.to_pil_image(x)
        plt.imshow(x)
        plt.title(folder.classes[y])
        plt.axis('off')
    plt.tight_layout()
    plt.savefig('figs/some_pictures.png')
    plt.close()


def draw_curves(fit_acc, fit_loss, eval_acc, eval_loss):

    xs = range(1, len(fit_acc) + 1)
    plt.figure(figsize=(12, 5))    
    
    plt.subplot(1, 2, 1)
    plt.plot(xs, fit_loss, 'b-', label='fit loss')
    plt.plot(xs, eval_loss, 'r-', label='eval loss')
    plt.title('loss per epoch')
    plt.xlabel('epoch')
    plt.ylabel('loss')
    plt.legend()
    
    
    plt.subplot(1, 2, 2)
    plt.plot(xs, fit_acc, 'b-', label='fit accuracy')
    plt.plot(xs, eval_acc, 'r-', label='eval accuracy')
    plt.title('accuracy per epoch')
    plt.xlabel('epoch')
    plt.ylabel('accuracy')
    plt.legend()
    
    plt.tight_layout()
    plt.savefig('figs/curves.png')
    plt.close()
