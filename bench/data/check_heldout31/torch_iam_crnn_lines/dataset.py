import os
import sys

import cv2 as cv
import numpy as np
import pandas as pd
import torch
from colorama import Fore
from skimage import io, transform, color
from torch.utils.data import Dataset
from torchvision.transforms import Normalize
from tqdm import tqdm


def deskew_line(line_img):
    moments = cv.moments(line_img)
    if abs(moments['mu02']) < 1e-2:
        return line_img
    skew_ratio = moments['mu11'] / moments['mu02']
    shear_mat = np.float32([[1, skew_ratio, -0.5 * line_img.shape[0] * skew_ratio], [0, 1, 0]])
    line_img = cv.warpAffine(line_img, shear_mat, (line_img.shape[1], line_img.shape[0]), flags=cv.WARP_INVERSE_MAP | cv.INTER_LINEAR,
                        borderMode=cv.BORDER_CONSTANT, borderValue=(255, 255, 255))
    return line_img


class IAMLinesDataset(Dataset):

    def __init__(self, lines_txt_path, images_dir, target_size, pad_border=(0, 0)):
        ground_truth = []
        print("Loading every IAM line image into memory...")
        # read the raw IAM lines.txt index
        for raw_line in open(lines_txt_path):
            # skip the header lines
            if not raw_line.startswith("#"):
                # whitespace-separated fields
                fields = raw_line.strip().split()
                # keep only lines whose segmentation is marked ok
                if fields[1] == 'ok':
                    # field 0 names the png, fields 8+ hold the transcription
                    ground_truth.append((fields[0] + '.png', ' '.join(fields[8:]).replace('|', ' ').lower()))

        # list of (file, text) pairs -> DataFrame
        lines_df = pd.DataFrame(ground_truth, columns=['file', 'word'])
        self.lines_table = lines_df
        # collect every character that occurs
        char_pool = []
        # extend the pool with the characters of every transcription
        self.lines_table.iloc[:, -1].apply(lambda x: char_pool.extend(list(x)))
        self.text_concat = ' '
        # unique, sorted
        char_pool = sorted(list(set(char_pool)))
        # character -> integer id
        self.char_to_id = {ch: k for k, ch in enumerate(char_pool)}
        # decode and preprocess every line image now
        self.cached_samples = {}
        pbar = tqdm(total=len(self.lines_table),
                            position=0, leave=True,
                            file=sys.stdout, bar_format="{l_bar}%s{bar}%s{r_bar}" % (Fore.RED, Fore.RESET))
        for row_idx in range(0, len(self.lines_table)):
            # png name from column 0
            image_name = self.lines_table.iloc[row_idx, 0]
            # the name encodes its folders
            name_parts = image_name.split('-')
            # outer folder
            top_folder = name_parts[0]
            # inner folder
            sub_folder = '-'.join(name_parts[:2])
            # relative folder
            rel_folder = os.path.join(top_folder, sub_folder)
            # full path of the png
            image_path = os.path.join(images_dir,
                                        rel_folder,
                                        image_name)
            # decode the png
            line_image = io.imread(image_path)
            # its transcription
            text_line = self.lines_table.iloc[row_idx, -1]
            self.text_concat = self.text_concat + ' ' + text_line
            # room left inside the borders
            inner_size = (target_size[0] - pad_border[0], target_size[1] - pad_border[1])
            # current size
            height, width = line_image.shape[:2]
            # scale factors towards the inner size
            scale_x = width / inner_size[1]
            scale_y = height / inner_size[0]
            # the larger one wins
            scale = max(scale_x, scale_y)
            # new size: the inner size or the scaled size, whichever is smaller,
            # but never below one pixel
            scaled_size = (max(min(inner_size[0], int(height / scale)), 1), max(min(inner_size[1], int(width / scale * np.random.uniform(1, 3))), 1))
            # resize, filling with white
            line_image = transform.resize(line_image, scaled_size, preserve_range=True, mode='constant', cval=255)
            line_image = deskew_line(line_image)
            # white page of the target size
            page = np.ones(target_size, dtype=np.uint8) * 255
            # how far the line may move
            max_top = target_size[0] - scaled_size[0]
            max_left = target_size[1] - scaled_size[1]
            # random offset within that range
            top = int(np.random.choice(np.arange(0, max_top + 1), 1))
            left = int(np.random.choice(np.arange(0, max_left + 1), 1))
            # paste the line
            page[top:top + scaled_size[0], left:left + scaled_size[1]] = line_image
            # turn the page by 90 degrees
            page = transform.rotate(page, -90, resize=True)[:, :-1]
            # grey to three channels
            page = color.gray2rgb(page)
            # channels first, as a float tensor
            page = torch.from_numpy(page.transpose((2, 0, 1))).float()
            # ImageNet normalisation
            normalizer = Normalize(mean=[0.485, 0.456, 0.406], std=[0.229, 0.224, 0.225])
            item = {'image': normalizer(page), 'word': text_line}
            pbar.update(1)
            self.cached_samples[row_idx] = item
        pbar.close()

    def __len__(self):
        return len(self.lines_table)

    def __getitem__(self, row_idx):
        return self.cached_samples[row_idx]
