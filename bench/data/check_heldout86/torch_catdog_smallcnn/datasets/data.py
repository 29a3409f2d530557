import glob

from PIL import ImageStat

import torch
from torch.utils.data import random_split

import torchvision.transforms as transforms

from datasets.merge_dataset import PathSet
from datasets.catdog_dataset import PetSet


cat_files = glob.glob("../petclass/pictures/PetImages/Cat/*.jpg")
dog_files = glob.glob("../petclass/pictures/PetImages/Dog/*.jpg")


# two files of the download are broken
cat_files.remove("../petclass/pictures/PetImages/Cat\\666.jpg")
dog_files.remove("../petclass/pictures/PetImages/Dog\\11702.jpg")


print(f"cat pictures: \t{len(cat_files):6,}")
print(f"dog pictures: \t{len(dog_files):6,}")
print()


# per class, 1500 go to the final split
# and 2000 to the holdout split

n_holdout = 2000
n_final = 1500
n_fit = len(cat_files) - n_holdout - n_final


cat_fit, cat_holdout, cat_final = random_split(cat_files, [n_fit, n_holdout, n_final])
dog_fit, dog_holdout, dog_final = random_split(dog_files, [n_fit, n_holdout, n_final])


print("\t\t\t\t\t\t cats + dogs")
print(f"FIT split: \t\t{n_fit:5,} + {n_fit:5,}")
print(f"HOLDOUT split: \t{n_holdout:5,} + {n_holdout:5,}")
print(f"FINAL split: \t\t\t{n_final:5,} + {n_final:5,}")


# class tensors (0 cat, 1 dog)
cat_fit_y = torch.zeros(n_fit)
cat_holdout_y = torch.zeros(n_holdout)
cat_final_y = torch.zeros(n_final)

dog_fit_y = torch.ones(n_fit)
dog_holdout_y = torch.ones(n_holdout)
dog_final_y = torch.ones(n_final)

# join the path lists
fit_files = cat_fit + dog_fit
holdout_files = cat_holdout + dog_holdout
final_files = cat_final + dog_final

# join the class tensors
fit_y = torch.cat((cat_fit_y, dog_fit_y), dim=0)
holdout_y = torch.cat((cat_holdout_y, dog_holdout_y), dim=0)
final_y = torch.cat((cat_final_y, dog_final_y), dim=0)


fit_raw = PathSet(fit_files, fit_y)
holdout_raw = PathSet(holdout_files, holdout_y)
final_raw = PathSet(final_files, final_y)

# per-channel statistics of the fit split
r_mean_acc = 0
r_std_acc = 0

g_mean_acc = 0
g_std_acc = 0

b_mean_acc = 0
b_std_acc = 0

for img, _ in fit_raw:
    r_mean_acc += ImageStat.Stat(img).mean[0]
    r_std_acc += ImageStat.Stat(img).stddev[0]

    g_mean_acc += ImageStat.Stat(img).mean[1]
    g_std_acc += ImageStat.Stat(img).stddev[1]

    b_mean_acc += ImageStat.Stat(img).mean[2]
    b_std_acc += ImageStat.Stat(img).stddev[2]

r_mean = r_mean_acc / len(fit_raw) / 255
r_std = r_std_acc / len(fit_raw) / 255

g_mean = g_mean_acc / len(fit_raw) / 255
g_std = g_std_acc / len(fit_raw) / 255

b_mean = b_mean_acc / len(fit_raw) / 255
b_std = b_std_acc / len(fit_raw) / 255

chan_mean = [r_mean, g_mean, b_mean]
chan_std = [r_std, g_std, b_std]

print(f"mean {chan_mean}")
print(f"std {chan_std}")

# input resolution used by every transform
side = (256, 256)

# transforms for each split
fit_tf = transforms.Compose([
    transforms.Resize(side),
    transforms.RandomHorizontalFlip(),
    transforms.RandomRotation(degrees=20),
    transforms.RandomPerspective(distortion_scale=0.1, p=0.1),
    transforms.RandomCrop(size=side, padding=10),
    transforms.RandomGrayscale(p=0.1),
    transforms.ToTensor(),
    transforms.Normalize(chan_mean, chan_std)
])

holdout_tf = transforms.Compose([
    transforms.Resize(side),
    transforms.ToTensor(),
    transforms.Normalize(chan_mean, chan_std)
])

final_tf = transforms.Compose([
    transforms.Resize(side),
    transforms.ToTensor(),
    transforms.Normalize(chan_mean, chan_std)
])

# wrap the raw splits with their transforms
fit_set = PetSet(fit_raw, img_tf=fit_tf)
holdout_set = PetSet(holdout_raw, img_tf=holdout_tf)
final_set = PetSet(final_raw, img_tf=final_tf)
