import torch
import os
import matplotlib.pyplot as plt
from torchvision import transforms as T
from torchvision.datasets import ImageFolder
from torch.utils.data import DataLoader



def batch_accuracy(pred_logits,true_labels):
    # predicted class per row
    pred_labels = torch.argmax(pred_logits, dim=1)
    acc_value = (pred_labels == true_labels).float().mean().item()

    return acc_value

def make_augs():
    train_transforms = T.Compose([
        T.RandomHorizontalFlip(p = 0.5),
        T.RandomRotation(degrees=(-20, +20)),
        T.ToTensor()
    ])

    test_transforms = T.Compose([
        T.ToTensor()
    ])
    return train_transforms, test_transforms

def build_loaders(train_images_dir, test_images_dir, train_transforms, test_transforms, batch_size_cfg, num_workers):
    train_image_set = ImageFolder(train_images_dir,transform= train_transforms)
    test_image_set = ImageFolder(test_images_dir,transform= test_transforms)
    print(f"training images found: {len(train_image_set)}")
    print(f"validation images found: {len(test_image_set)}")

    train_loader = DataLoader(train_image_set, batch_size=batch_size_cfg, shuffle=True,num_workers=num_workers)
    test_loader = DataLoader(test_image_set, batch_size=batch_size_cfg, shuffle=False,num_workers=num_workers)


    print(f"training batches per pass: {len(train_loader)}")
    print(f"validation batches per pass: {len(test_loader)}")

   
    return train_loader, test_loader

def next_run_dir(runs_root):
    existing_runs = os.listdir(runs_root) 
    run_dir = os.path.join(runs_root,str(len(existing_runs)+1))
    os.makedirs(run_dir)

    return run_dir

def plot_curves(train_loss_hist, test_loss_hist,train_acc_hist, test_acc_hist, out_dir):

    # two curves, one colour each
    plt.figure()
    plt.plot(train_loss_hist, 'b', label='train')  # blue line
    plt.plot(test_loss_hist, 'r', label='test')  # red line
    # axis captions
    plt.xlabel('epoch')
    plt.ylabel('loss')
    # figure heading
    plt.title('loss per epoch')
    # legend for the two lines
    plt.legend()
    # write the figure
    figure_path = os.path.join(out_dir,'loss_curve.png')
    plt.savefig(figure_path)
    plt.close()

    # two curves, one colour each
    plt.figure()
    plt.plot(train_acc_hist, 'b', label='train')  # blue line
    plt.plot(test_acc_hist, 'r', label='test')  # red line
    # axis captions
    plt.xlabel('epoch')
    plt.ylabel('accuracy')

    # figure heading
    plt.title('accuracy per epoch')

    # legend for the two lines
    plt.legend()
    # write the figure
    figure_path = os.path.join(out_dir,'accuracy_curve.png')
    plt.savefig(figure_path)
    plt.close()

