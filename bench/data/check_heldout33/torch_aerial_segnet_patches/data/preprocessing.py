import os
import cv2
import numpy as np
from patchify import patchify
from sklearn.preprocessing import MinMaxScaler
from PIL import Image

def read_tiles_as_patches(root_dir, patch_px):
    minmax = MinMaxScaler()
    image_patches = []
    mask_patches = []

    for folder_path, sub_dirs, file_names in os.walk(root_dir):
        folder_name = folder_path.split(os.path.sep)[-1]
        if folder_name == 'images':
            image_files = os.listdir(folder_path)
            image_files.sort()
            for image_file in image_files:
                if image_file.endswith(".jpg"):
                    tile_img = cv2.imread(os.path.join(folder_path, image_file), 1)
                    crop_w = (tile_img.shape[1] // patch_px) * patch_px
                    crop_h = (tile_img.shape[0] // patch_px) * patch_px
                    tile_img = Image.fromarray(tile_img)
                    tile_img = tile_img.crop((0, 0, crop_w, crop_h))
                    tile_img = np.array(tile_img)
                    img_patch_grid = patchify(tile_img, (patch_px, patch_px, 3), step=patch_px)
                    for i in range(img_patch_grid.shape[0]):
                        for j in range(img_patch_grid.shape[1]):
                            patch_img = img_patch_grid[i, j, 0, :, :]
                            patch_img = minmax.fit_transform(patch_img.reshape(-1, patch_img.shape[-1])).reshape(patch_img.shape)
                            image_patches.append(patch_img)

        elif folder_name == 'masks':
            mask_files = os.listdir(folder_path)
            mask_files.sort()
            for mask_file in mask_files:
                if mask_file.endswith(".png"):
                    tile_mask = cv2.imread(os.path.join(folder_path, mask_file), 1)
                    tile_mask = cv2.cvtColor(tile_mask, cv2.COLOR_BGR2RGB)
                    crop_w = (tile_mask.shape[1] // patch_px) * patch_px
                    crop_h = (tile_mask.shape[0] // patch_px) * patch_px
                    tile_mask = Image.fromarray(tile_mask)
                    tile_mask = tile_mask.crop((0, 0, crop_w, crop_h))
                    tile_mask = np.array(tile_mask)
                    mask_patch_grid = patchify(tile_mask, (patch_px, patch_px, 3), step=patch_px)
                    for i in range(mask_patch_grid.shape[0]):
                        for j in range(mask_patch_grid.shape[1]):
                            patch_mask = mask_patch_grid[i, j, 0, :, :]
                            mask_patches.append(patch_mask)

    return np.array(image_patches), np.array(mask_patches)