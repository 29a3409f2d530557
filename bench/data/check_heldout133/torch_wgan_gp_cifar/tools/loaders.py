import torchvision.datasets as dset
import torchvision.transforms as transforms
import torch.utils.data as data_utils
from tools.fashion_mnist import MNIST, FashionMNIST


def build_loaders(opts):

    if opts.dataset == 'mnist':
        tf = transforms.Compose([
            transforms.Resize(32),
            transforms.ToTensor(),
            transforms.Normalize((0.5, ), (0.5, )),
        ])
        ds_train = MNIST(root=opts.dataroot, train=True, download=opts.download, transform=tf)
        ds_test = MNIST(root=opts.dataroot, train=False, download=opts.download, transform=tf)

    elif opts.dataset == 'fashion-mnist':
        tf = transforms.Compose([
            transforms.Resize(32),
            transforms.ToTensor(),
            transforms.Normalize((0.5, ), (0.5, )),
        ])
        ds_train = FashionMNIST(root=opts.dataroot, train=True, download=opts.download, transform=tf)
        ds_test = FashionMNIST(root=opts.dataroot, train=False, download=opts.download, transform=tf)

    elif opts.dataset == 'cifar':
        tf = transforms.Compose([
            transforms.Resize(32),
            transforms.ToTensor(),
            transforms.Normalize((0.5, 0.5, 0.5), (0.5, 0.5, 0.5)),
        ])

        ds_train = dset.CIFAR10(root=opts.dataroot, train=True, download=opts.download, transform=tf)
        ds_test = dset.CIFAR10(root=opts.dataroot, train=False, download=opts.download, transform=tf)

    elif opts.dataset == 'stl10':
        tf = transforms.Compose([
            transforms.Resize(32),
            transforms.ToTensor(),
        ])
        ds_train = dset.STL10(root=opts.dataroot, split='train', download=opts.download, transform=tf)
        ds_test = dset.STL10(root=opts.dataroot,  split='test', download=opts.download, transform=tf)

    # both splits must exist
    assert ds_train
    assert ds_test

    train_dl = data_utils.DataLoader(ds_train, batch_size=opts.batch_size, shuffle=True)
    test_dl = data_utils.DataLoader(ds_test,  batch_size=opts.batch_size, shuffle=True)

    return train_dl, test_dl
