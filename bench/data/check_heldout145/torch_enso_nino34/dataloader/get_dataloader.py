from dataloader.train1_dataset import ModelRunSet
from dataloader.train2_dataset import ReanalysisSet
from dataloader.val_dataset import CheckSet
from torch.utils.data import DataLoader, ConcatDataset

def make_loader(opts):

    # training: two sources
    if opts.mode=="train":
        part_a = ModelRunSet(opts.data_path)
        part_b = ReanalysisSet(opts.data_path)
        # join the two sources
        loader = DataLoader(ConcatDataset((part_a, part_b)), batch_size=opts.batch_size,shuffle=True)

    # validation
    elif opts.mode=="val":
        ds=CheckSet(opts.data_path)
        loader = DataLoader(ds, batch_size=opts.batch_size, shuffle=False)

    else:
        raise ValueError("mode not known")

    return loader
