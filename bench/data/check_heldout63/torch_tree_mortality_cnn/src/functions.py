# helpers shared by the CNN runs
# per-band mean and standard deviation for normalisation
import torch
import torchvision.datasets as datasets
import torchvision.transforms as transforms
# tiff reader for tiles with many bands
import tifffile


def my_tiff_loader(filename):
    return tifffile.imread(filename)


# zero the no-data, NaN and inf values (hyperspectral tiles)
def set_hyper_no_data_values_as_zero(t):
    t[t <  -3.39e38] = 0
    t[torch.isnan(t)] = 0
    t[torch.isinf(t)] = 0
    return t


def set_chm_no_data_values_as_zero(t):
    t[t < 0] = 0
    return t


def get_mean_std(train_folder, modality: str = "chm"):
    tf = transforms.Compose([transforms.ToTensor()])

    tiles = datasets.ImageFolder(train_folder, loader = my_tiff_loader, transform = tf)

    one_by_one = torch.utils.data.DataLoader(tiles, batch_size=1, shuffle=False)

    mu = 0.
    sd = 0.
    n = 0.
    for pair in one_by_one:
        t = pair[0]
        b = t.size(0)
        t = t.view(b, t.size(1), -1)
        if modality == "hyper":
            t = set_hyper_no_data_values_as_zero(t)
        elif modality == "chm":
            t = t
        mu += torch.mean(t, 2).sum(0)
        sd += torch.std(t, 2).sum(0)
        n += b

    mu /= n
    sd /= n
    return mu, sd


def load_model(net: torch.nn.Module, checkpoint: str) -> torch.nn.Module:
    if not torch.cuda.is_available():
        net.load_state_dict(torch.load(checkpoint, map_location="cpu"))
    else:
        net.load_state_dict(torch.load(checkpoint))
    return net

