import os
import torch
import nibabel as nib
from torch.utils.data import Dataset, DataLoader
from sklearn.model_selection import train_test_split
import torchio as tio

# augmentation for training
out_shape = (64, 64, 64)  # every volume resized to this

aug = tio.Compose([
    tio.RescaleIntensity(out_min_max=(0, 1)),  # intensities to [0, 1]
    tio.Resize(out_shape),  # common grid
    tio.RandomAffine(  # random affine
        degrees=10,  # rotation range
        scales=(0.9, 1.1),
        isotropic=False,
        center='image',
        translation=(-10, 10),  # shift range
    ),
    tio.RandomFlip(axes=(0,)),  # flip along the first axis
    tio.RandomNoise(p=0.5),  # noise half of the time
    tio.RandomBiasField(p=0.5),  # bias field half of the time
])

# evaluation: resize and rescale only
plain = tio.Compose([
    tio.RescaleIntensity(out_min_max=(0, 1)),  # intensities to [0, 1]
    tio.Resize(out_shape),  # common grid
])

# one NIfTI image/label pair per item
class NiftiPairs(Dataset):
    def __init__(self, img_dir, lab_dir, names, transform=None, with_names=False):
        self.img_dir = img_dir
        self.lab_dir = lab_dir
        self.names = names
        self.transform = transform
        self.with_names = with_names

    def __len__(self):
        return len(self.names)

    def __getitem__(self, i):
        name = self.names[i]
        ipath = os.path.join(self.img_dir, name)
        lpath = os.path.join(self.lab_dir, name)
        
        inii = nib.load(ipath)
        vol = inii.get_fdata()
        lnii = nib.load(lpath)
        seg = lnii.get_fdata()

        vol = torch.tensor(vol, dtype=torch.float32).unsqueeze(0)  # channel axis
        seg = torch.tensor(seg).unsqueeze(0)

        subj = tio.Subject(
            image=tio.ScalarImage(tensor=vol),
            mask=tio.LabelMap(tensor=seg)
        )

        if self.transform:
            subj = self.transform(subj)

        if self.with_names:
            return subj['image'][tio.DATA], subj['mask'][tio.DATA], name
        else:
            return subj['image'][tio.DATA], subj['mask'][tio.DATA]

def build_splits(folder, test_size=0.2, random_state=42):
    # every NIfTI in the folder
    names = [n for n in sorted(os.listdir(folder)) if n.endswith('.nii.gz')]
    # train / validation split
    tr_names, te_names = train_test_split(names, test_size=test_size, random_state=random_state)
    tr_set = NiftiPairs(folder, folder.replace('imagesTr', 'labelsTr'), tr_names, transform=aug)
    te_set = NiftiPairs(folder, folder.replace('imagesTr', 'labelsTr'), te_names, transform=plain)

    return tr_set, te_set

def build_test(img_dir, lab_dir):
    # every NIfTI in the folder
    names = [n for n in sorted(os.listdir(img_dir)) if n.endswith('.nii.gz')]
    te_set = NiftiPairs(img_dir, lab_dir, names, transform=plain, with_names=True)
    return te_set

# module-level loaders
tr_set, va_set = build_splits('./imagesTr')
tr_loader = DataLoader(tr_set, batch_size=2, shuffle=True)
va_loader = DataLoader(va_set, batch_size=2, shuffle=False)

# test split
te_set = build_test('./imagesTs', './labelsTs')
te_loader = DataLoader(te_set, batch_size=2, shuffle=False)

if __name__ == '__main__':
    # look at the shapes
    for vols, segs in tr_loader:
        print("train batch:", vols.shape, "labels:", segs.shape)
    for vols, segs in va_loader:
        print("val batch:", vols.shape, "labels:", segs.shape)
    for vols, segs, names in te_loader:
        print("test batch:", vols.shape, "labels:", segs.shape, "names:", names)
