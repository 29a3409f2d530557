import torch


class PetSet(torch.utils.data.Dataset):
    """
    Wraps a dataset and applies optional transforms on the way out
          Args:
              base (dataset): pairs of pictures and classes
              img_tf (transforms): what to do to each picture
              target_tf (transforms): what to do to each class
          Gives:
              img, target (tuple): the transformed pair
    """

    def __init__(self, base, img_tf=None, target_tf=None):
        self.base = base
        self.img_tf = img_tf
        self.target_tf = target_tf

    def __getitem__(self, i):
        # base[i]
        img, target = self.base[i]
        if self.img_tf:
            img = self.img_tf(img)
        if self.target_tf:
            target = self.target_tf(target)

        return img, target

    def __len__(self):
        # len(base)
        return len(self.base)