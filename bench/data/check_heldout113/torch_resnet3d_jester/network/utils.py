from torchvision.datasets.folder import DatasetFolder, IMG_EXTENSIONS, has_file_allowed_extension, pil_loader, accimage_loader
import torch
from torch.nn.modules.module import Module
import os
import csv
import random
import math
import logging

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
logger = logging.getLogger()


def loader_accuracy(model, loader, scale=1, return_data=False):
    pred_all, true_all = torch.tensor([], dtype=torch.int64).to(device), torch.tensor([], dtype=torch.int64).to(device)
    for _, (clips, ys) in enumerate(loader):
        clips = clips.to(device)
        ys = ys.to(device)

        scores = model(clips)

        _, pred = torch.max(scores, 1)

        pred_all = torch.cat([pred_all, pred])
        true_all = torch.cat([true_all, ys])

    # same count via ==
    n_right = pred_all.eq(true_all).float().sum().item()
    # same ratio with float()
    score = scale * n_right / pred_all.shape[0]

    if return_data:
        return score, pred_all, true_all
    return score


def load_seq(paths):
    from torchvision import get_image_backend
    try:
        if get_image_backend() == 'accimage':
            return [accimage_loader(path) for path in paths]
        else:
            return [pil_loader(path) for path in paths]
    except Exception as err:
        print("could not open a frame under %s:\n%s" % (os.path.dirname(paths[0]), str(err)))
        raise err


def ordered_subsample(items, k):
    if not 0<=k<=len(items):
        raise ValueError('k must lie between 0 and len(items)')

    taken = 0
    for i,item in enumerate(items):
        p_keep = (k-taken) / float((len(items)-i))
        if random.random() < p_keep:
            yield item
            taken += 1


class SidePad(Module):
    def __init__(self, dim=2, target_w=176, value=0):
        super(SidePad, self).__init__()
        self.dim = dim
        self.target_w = target_w
        self.value = value

    def forward(self, input):
        missing = self.target_w - input.shape[2]
        if missing & 0x1:
            raise Exception("odd padding cannot be split evenly")
        half = missing / 2
        return torch.nn.functional.pad(input,
                                       (half, half, 0, 0, 0, 0),
                                       "constant",
                                       self.value)


class GestureSeqFolder(DatasetFolder):
    def __init__(self, seq_root, csv_path, seq_len=37, delimiter=';', transform=None,
                 target_transform=None, loader=load_seq, extensions=IMG_EXTENSIONS):
        logger.info("building GestureSeqFolder")
        logger.info("reading labels from %s" % csv_path)
        with open(csv_path, 'r') as fh:
            rows = csv.reader(fh, delimiter=delimiter)
            label_of_dir = {d: c for (d, c) in rows}

        logger.info("collecting class names")
        class_names = sorted(set(label_of_dir.values()))
        name_to_idx = {class_names[i]: i for i in range(len(class_names))}

        self.seq_root = seq_root
        #
        # older eager listing, kept disabled:
        # entries = []
        # seq_root = os.path.expanduser(seq_root)
        #
        # for k, sub in enumerate(label_of_dir):
        #     if k % 1000 == 0:
        #         logger.info('listing %s' % (k + 1))
        #     y = label_of_dir.get(sub, None)
        #
        #     full = os.path.join(seq_root, sub)
        #     if not os.path.isdir(full):
        #         print('missing %s' % full)
        #         continue
        #
        #     names = []
        #     for base, _, fns in sorted(os.walk(full)):
        #         for fn in sorted(fns):
        #             if has_file_allowed_extension(fn, extensions):
        #                 fp = os.path.join(base, fn)
        #                 names.append(fp)
        #
        #     entries.append((names, name_to_idx[y]))

        self.root = seq_root
        self.loader = loader
        self.extensions = extensions
        self.seq_len = seq_len

        self.class_names = class_names
        self.name_to_idx = name_to_idx
        self.label_of_dir = label_of_dir.items()

        self.transform = transform
        self.target_transform = target_transform

        logger.info("GestureSeqFolder ready")

    def __getitem__(self, index):
        """
        Args:
            index (int): position in the label table

        Returns:
            tuple: (frames, y) with frames as C x T x H x W and y the class id.
        """
        seq_dir, y = self.label_of_dir[index]
        y = self.name_to_idx[y]
        frame_paths = [os.path.join(self.seq_root, seq_dir, fn) for fn in os.listdir(os.path.join(self.seq_root, seq_dir))]

        if self.transform is not None:
            frames = [self.transform(x) for x in self.loader(frame_paths)]
        else:
            frames = self.loader(frame_paths)

        # too many frames: keep seq_len of them in order
        if len(frames) > self.seq_len:
            frames = ordered_subsample(frames, self.seq_len)
        # too few frames: repeat the ends up to seq_len
        # half copies of the first frame in front, half copies of the last at the back
        elif len(frames) < self.seq_len:
            short = self.seq_len - len(frames)
            n_front = int(math.floor(short / 2.))
            n_back = int(math.ceil(short / 2.))
            frames = n_front * [frames[0]] + frames + n_back * [frames[-1]]
            # alternative: zero frames at the back

        frames = torch.stack(list(frames)).permute(1, 0, 2, 3)

        if self.target_transform is not None:
            y = self.target_transform(y)

        return frames, y

    def __len__(self):
        return len(self.label_of_dir)

    def __repr__(self):
        return super(GestureSeqFolder, self).__repr__()
