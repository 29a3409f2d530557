"""
Transforms and loaders for the image data sets (STL10, CIFAR10, MNIST).
"""

import os
from torch.utils.data import DataLoader
from torchvision import datasets, transforms

class DataTransforms(object):
    """
    Produces two transformed versions (a positive pair) of every input sample.
    """

    def __init__(self, size, train=True, jitter_strength=1.0):
        # target size
        self.size = size
        # train or test behaviour
        self.train = train
        # colour jitter strength
        js = jitter_strength
        # colour jitter op
        color_jitter = transforms.ColorJitter(0.8 * js, 0.8 * js, 0.8 * js, 0.2 * js)
        # augmentations used for training
        train_transform = [
                transforms.RandomResizedCrop(size=self.size),
                transforms.RandomHorizontalFlip(),
                transforms.RandomApply([color_jitter], p=0.8),
                transforms.RandomGrayscale(p=0.2),
                transforms.ToTensor(),
            ]
        # plain resize for validation / test
        test_transform = [
                transforms.Resize(size=self.size),
                transforms.ToTensor(),
            ]
        # composed train pipeline
        self.train_transform = transforms.Compose(train_transform)
        # composed test pipeline
        self.test_transform = transforms.Compose(test_transform)

    def __call__(self, x):
        # choose pipeline by mode
        transform = self.train_transform if self.train else self.test_transform
        # two views of the same sample
        xi, xj = transform(x), transform(x)
        # both views
        return xi, xj


class Loader(object):
    def __init__(self, config, download=True, get_all_train=False, get_all_test=False, train=True, kwargs={}):
        # configuration
        self.config = config
        # transform mode
        self.train = train
        # data set name
        dataset_name = config["dataset"]
        # class counts per data set
        num_class = {'STL10': 10, 'CIFAR10': 10, 'MNIST': 10}
        # path settings
        paths = config["paths"]
        # data folder for this data set
        file_path = os.path.join(paths["data"], dataset_name.lower())
        # create it if needed
        if not os.path.exists(file_path):
            os.makedirs(file_path)
        # torchvision data sets
        train_dataset, test_dataset = self.get_dataset(dataset_name, file_path, download)
        # with get_all_train the batch size is the size of the whole training split
        train_batch_size = train_dataset.data.shape[0] if get_all_train else config["batch_size"]
        # with get_all_test the batch size is the size of the whole test split
        test_batch_size = test_dataset.data.shape[0] if get_all_test else config["batch_size"]
        # training loader
        self.train_loader = DataLoader(train_dataset, batch_size=train_batch_size, shuffle=True, drop_last=True, **kwargs)
        # test loader
        self.test_loader = DataLoader(test_dataset, batch_size=test_batch_size, shuffle=False, drop_last=True, **kwargs)
        # draw one batch to learn the image shape
        ((xi, _), _) = self.train_loader.__iter__().__next__()
        # shape without the batch axis
        self.img_shape = list(xi.size())[1:]
        # class count
        self.num_class = num_class[dataset_name]

    def get_dataset(self, dataset_name, file_path, download):
        # include the unlabeled STL10 split when asked
        train_split = 'train+unlabeled' if self.config["unlabelled_data"] else 'train'
        # transform for the training split
        train_transform = DataTransforms(size=self.config["img_size"], train=self.train)
        # transform for the test split
        test_transform = DataTransforms(size=self.config["img_size"], train=self.train)
        # torchvision constructors
        loader_map = {'STL10': datasets.STL10, 'CIFAR10': datasets.CIFAR10, 'MNIST': datasets.MNIST}
        # pick one
        dataset = loader_map[dataset_name]
        # STL10 takes split= instead of train=
        if dataset_name in ['STL10']:
            # training split
            train_dataset = dataset(file_path, split=train_split, download=download, transform=train_transform)
            # test split
            test_dataset = dataset(file_path, split='test', download=download, transform=test_transform)
        else:
            # training split
            train_dataset = dataset(file_path, train=True, download=download, transform=train_transform)
            # test split
            test_dataset = dataset(file_path, train=False, download=download, transform=test_transform)
        # both splits
        return train_dataset, test_dataset
