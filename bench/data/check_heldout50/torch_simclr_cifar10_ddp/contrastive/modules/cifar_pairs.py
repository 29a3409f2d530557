from torchvision import datasets

class PairedCIFAR10(datasets.CIFAR10):
    """ CIFAR-10 for contrastive pretraining. In pretraining mode each item is
        two independently augmented views of one picture; otherwise it is one
        view and its class.
    
        Args:
            download_path (str): where CIFAR-10 is stored.
            train (bool, default True): training split if True,
                                        test split otherwise.
            transforms (callable): augmentation applied to each view
            pretraining (bool, default True): whether to return two views.
    """
    def __init__(self, download_path, train=True, transforms=None, pretraining=True):
        super().__init__(root=download_path, train=train, download=True)
        
        self.transforms = transforms
        self.pretraining = pretraining
        
    # __len__ comes from the parent class
    # as is.
        
    def __getitem__(self, idx):
        """ Two views, or one view and the class, of picture idx.
        """
        # picture and class from the parent
        img, lab = super().__getitem__(idx)
        
        # pretraining ignores the class.
        if self.pretraining:
            if self.transforms is not None:
                view_a = self.transforms(img)
                view_b = self.transforms(img)
                
                return (view_a, view_b)
            else:
                return (img, img)
        
        # probe mode: one view and its class
        else:
            if self.transforms is not None:
                view_a = self.transforms(img)
                return (view_a, lab)
            else:
                return (img, lab) 
