# U-Net segmentation of orthophoto tiles (train or predict)

import os
from typing import List, Tuple
import numpy as np
import tensorflow as tf
import rasterio
import rasterio as rio
from Model import unet


# ---- helpers (method.py) ----
def random_flip_pair(tile_img: tf.Tensor, tile_mask: tf.Tensor) -> Tuple[tf.Tensor, tf.Tensor]:
    """Random left-right flip applied to tile and mask together."""
    if tf.random.uniform(()) > 0.5:
        tile_img = tf.image.flip_left_right(tile_img)
        tile_mask = tf.image.flip_left_right(tile_mask)
    return tile_img, tile_mask

def chw_to_hwc_rgb(arr: np.ndarray) -> np.ndarray:
    """Band-first RGB raster -> (256, 256, 3)."""
    arr_r = np.reshape(arr, (256, 256, 3))
    return np.transpose(arr_r, (1, 2, 0))

def chw_to_hwc_mask(arr: np.ndarray) -> np.ndarray:
    """Band-first one-band raster -> (256, 256, 1)."""
    arr_r = np.reshape(arr, (256, 256, 1))
    return np.transpose(arr_r, (1, 2, 0))

def read_tile_image(tile_path: str) -> tf.Tensor:
    """Read one RGB tile scaled to [0, 1] as a float32 tensor."""
    with rasterio.open(tile_path) as src_img:
        img_arr = chw_to_hwc_rgb(src_img.read() / 255.0)
    return tf.convert_to_tensor(img_arr, dtype=tf.float32)

def read_tile_mask(mask_file_path: str) -> tf.Tensor:
    """Read one mask tile as an int8 tensor."""
    with rasterio.open(mask_file_path) as src_mask:
        mask_arr = chw_to_hwc_mask(src_mask.read())
    return tf.convert_to_tensor(mask_arr, dtype=tf.int8)

def load_tiles_and_masks(tile_paths: List[str], mask_file_paths: List[str]) -> Tuple[List[tf.Tensor], List[tf.Tensor]]:
    """Read every tile and mask into lists of tensors."""
    images_list = []
    masks_list = []
    n_files = len(tile_paths)

    for i, (tile_file_path, mask_file_path) in enumerate(zip(tile_paths, mask_file_paths)):
        images_list.append(read_tile_image(tile_file_path))
        masks_list.append(read_tile_mask(mask_file_path))

        # report every tenth file
        if i % 10 == 0 or i == n_files - 1:
            pct = (i + 1) / n_files * 100
            print(f"tiles read: {pct:.2f}%")

    return images_list, masks_list

def build_dataset(image_path_list: List[str], mask_file_paths: List[str], is_train: bool = False) -> tf.data.Dataset:
    """tf.data pipeline over the tiles listed in the given paths."""
    images_list, masks_list = load_tiles_and_masks(image_path_list, mask_file_paths)
    tile_dataset = tf.data.Dataset.from_tensor_slices((images_list, masks_list))

    if is_train:
        tile_dataset = tile_dataset.map(random_flip_pair, num_parallel_calls=tf.data.AUTOTUNE)

    return tile_dataset


# ---- driver (main.py) ----
# run modes
MODE_INFER = True
MODE_FIT = False

# settings
USE_WEIGHTS = True
RUN_MODE = MODE_INFER
BATCH_N = 32
SHUFFLE_BUF = 1000
TRAIN_FRACTION = 0.9
EPOCH_COUNT = 50

# inputs and outputs
TRAIN_IMAGE_DIR = "./exemple_data/input"
MASK_DIR = "./exemple_data/mask"
WEIGHTS_PATH = "./unet_ac_9857.hdf5"
PRED_DIR = "./predict"

def list_files_sorted(root_folder: str) -> List[str]:
    """All files under a folder, sorted by path."""
    found_paths = []
    for cur_dir, _, file_names in os.walk(root_folder):
        for file_name in file_names:
            file_path = os.path.join(cur_dir, file_name)
            found_paths.append(file_path)
    return sorted(found_paths)

def split_train_val(found_paths: List[str], masks_list: List[str], frac: float):
    """First split_ratio of the lists for training, rest for validation."""
    cut = int(len(found_paths) * frac)
    return (
        found_paths[:cut], masks_list[:cut],   # fit part
        found_paths[cut:], masks_list[cut:]    # held-out part
    )

def make_pipelines(train_paths, train_masks, val_paths, val_masks):
    """Cached/shuffled training pipeline and batched validation pipeline."""
    train_tiles_dataset = build_dataset(train_paths, train_masks, is_train=True)
    val_tiles_dataset = build_dataset(val_paths, val_masks)

    train_tiles_dataset = (
        train_tiles_dataset
        .cache()
        .shuffle(SHUFFLE_BUF)
        .batch(BATCH_N)
        .repeat()
        .prefetch(buffer_size=tf.data.AUTOTUNE)
    )
    val_tiles_dataset = val_tiles_dataset.batch(BATCH_N)

    return train_tiles_dataset, val_tiles_dataset, len(train_tiles_dataset)

def get_unet_model(with_weights: bool, weights_file: str):
    """U-Net, with saved weights when asked."""
    if with_weights:
        return unet(weights_file)
    return unet()

def write_pred_tifs(pred_batch, val_paths):
    """One GeoTIFF per predicted validation tile."""
    os.makedirs(PRED_DIR, exist_ok=True)

    for i, tile_path in enumerate(val_paths):
        ref_tif = rio.open(tile_path)
        out_tif_path = os.path.join(PRED_DIR, f"{i}.tif")
        with rio.open(out_tif_path, 'w',
                     driver='GTiff',
                     height=pred_batch[i].shape[1],
                     width=pred_batch[i].shape[2],
                     count=1,
                     dtype=pred_batch[i].dtype,
                     transform=ref_tif.transform,
                     crs=ref_tif.crs) as out_tif:
            out_tif.write(pred_batch[i])

def run_main():
    # where we are and how many files there are
    print("cwd:", os.path.abspath(os.getcwd()))
    print("training tiles:", len(os.listdir(TRAIN_IMAGE_DIR)))
    print("mask tiles:", len(os.listdir(MASK_DIR)))

    # file lists
    image_path_list = list_files_sorted(TRAIN_IMAGE_DIR)
    mask_file_paths = list_files_sorted(MASK_DIR)

    # fit / held-out split
    train_paths, train_masks, val_paths, val_masks = split_train_val(
        image_path_list, mask_file_paths, TRAIN_FRACTION
    )

    # tf.data pipelines
    train_tiles_dataset, val_tiles_dataset, n_train = make_pipelines(
        train_paths, train_masks, val_paths, val_masks
    )

    # network
    unet_model = get_unet_model(USE_WEIGHTS, WEIGHTS_PATH)

    if RUN_MODE == MODE_INFER:
        # inference on the held-out tiles
        pred_batch = unet_model.predict(val_tiles_dataset)
        write_pred_tifs(pred_batch, val_paths)
    else:
        # fitting
        ckpt_cb = tf.keras.callbacks.ModelCheckpoint(
            WEIGHTS_PATH, monitor='loss', verbose=1, save_best_only=True
        )
        unet_model.fit(
            train_tiles_dataset,
            steps_per_epoch=n_train // BATCH_N,
            epochs=EPOCH_COUNT,
            callbacks=[ckpt_cb]
        )

if __name__ == "__main__":
    run_main()
