import os

import albumentations as A
import cv2
import numpy as np
import tensorflow as tf

class_colors = {
    1: (255, 221, 51),  # wire
    2: (195, 177, 241),  # post
    3: (49, 147, 245),  # tensioner
    4: (102, 255, 102),  # other
}

fit_class_counts = []
hold_class_counts = []
test_class_counts = []


def pixels_per_class(mask_list, num_classes):
    """
    Sum the pixels of each class over a list of masks.

    Args:
    mask_list (list of np.ndarray): one-hot masks, one
    np.ndarray each.
    num_classes (int): classes including the background.

    Returns:
    counts (np.ndarray): number of pixels of each
    class.
    """
    counts = np.zeros(num_classes, dtype=np.int64)

    for m in mask_list:
        # add this mask's pixels per class
        counts += np.sum(m, axis=(0, 1)).astype(np.int64)

    return counts.tolist()


def color_to_onehot(color_mask, class_colors) -> np.ndarray:
    """Turn a colour-coded mask into a one-hot class mask."""
    h, w, _ = color_mask.shape
    onehot = np.zeros((h, w, len(class_colors) + 1), dtype=np.uint8)
    onehot[:, :, 0] = 1  # background

    for k, color in class_colors.items():
        hit = (color_mask == color).all(-1)
        onehot[:, :, k][hit] = 1
        onehot[:, :, 0][hit] = 0

    return onehot


def read_image_folder(folder):
    # reads every .png / .jpg / .jpeg in the folder into a list of arrays
    # and returns the list

    pics = []
    names = os.listdir(folder)
    ordered = sorted(names)

    # every file in the folder
    for name in ordered:
        if name.lower().endswith(
            (".png", ".jpg", ".jpeg")
        ):  # image files only
            # full path
            path = os.path.join(folder, name)

            pic = cv2.imread(path)
            if pic is not None:
                pics.append(pic)
            else:
                print(f"Could not read: {path}")

    return pics


def read_mask_folder(folder, class_colors=class_colors):
    # reads every .png / .jpg / .jpeg mask in the folder into a list of
    # one-hot arrays and returns the list

    masks = []
    names = os.listdir(folder)
    ordered = sorted(names)

    # every file in the folder
    for name in ordered:
        if name.lower().endswith(
            (".png", ".jpg", ".jpeg")
        ):  # image files only
            # full path
            path = os.path.join(folder, name)
            color_mask = cv2.imread(path)
            if color_mask is not None:
                onehot = color_to_onehot(color_mask, class_colors)
                masks.append(onehot)
            else:
                print(f"Could not read: {path}")

    return masks


def resize_all(
    pics,
    target_width,
    target_height,
    interpolation_method=None,
    scalefactor=None,
):
    # resizes every array in the list to the target
    # width/height
    # interpolation_method and scalefactor also allow cropping
    # returns a new list of resized arrays
    resized = []

    for pic in pics:
        small = cv2.resize(
            pic,
            dsize=(target_width, target_height),
            interpolation=interpolation_method,
            fx=scalefactor,
            fy=scalefactor,
        )
        resized.append(small)

    return resized


def scale_all(pics):
    # divides every array in the list by 255 so pixel values lie
    # between 0 and 1
    # returns the scaled arrays in a new list
    scaled = []

    for pic in pics:
        scaled.append((pic) / 255)

    return scaled


def binarize_all(masks, threshold):
    # turns every mask in the list into zeros and ones
    # using the threshold
    # returns the binary masks in a new list
    binary = []

    for m in masks:
        b = np.where(m > threshold, 1, 0)
        binary.append(b)

    return binary


def augment_pairs(pics, masks):
    out_pics = []
    out_masks = []
    # every image/mask pair goes through the augmentation pipeline
    # and comes back as a new pair
    for pic, m in zip(pics, masks):
        res = augmenter(image=pic, mask=m)
        new_pic = res["image"]
        new_mask = res["mask"]
        out_pics.append(new_pic)
        out_masks.append(new_mask)

    return out_pics, out_masks


def add_filter_channels(pics):
    extended = []
    for pic in pics:
        pic_u8 = (pic * 255).astype(np.uint8)
        luma = (
            cv2.cvtColor(pic_u8, cv2.COLOR_BGR2YUV)[:, :, 0].astype(
                np.float32
            )
            / 255.0
        )

        grey = (
            cv2.cvtColor(pic_u8, cv2.COLOR_BGR2GRAY).astype(np.float32)
            / 255.0
        )

        # Sobel along x and y
        sob_x = cv2.Sobel(grey, cv2.CV_32F, 1, 0, ksize=3)
        sob_y = cv2.Sobel(grey, cv2.CV_32F, 0, 1, ksize=3)

        # Laplacians
        lap_4 = cv2.Laplacian(grey, cv2.CV_32F, ksize=1)
        lap_8 = cv2.Laplacian(grey, cv2.CV_32F, ksize=3)

        # Rescale the filter outputs to [0, 1]
        sob_x = cv2.normalize(sob_x, None, 0, 1, cv2.NORM_MINMAX)
        sob_y = cv2.normalize(sob_y, None, 0, 1, cv2.NORM_MINMAX)
        lap_4 = cv2.normalize(lap_4, None, 0, 1, cv2.NORM_MINMAX)
        lap_8 = cv2.normalize(lap_8, None, 0, 1, cv2.NORM_MINMAX)

        # Stack them behind the colour channels
        luma = np.expand_dims(luma, axis=-1)
        sob_x = np.expand_dims(sob_x, axis=-1)
        sob_y = np.expand_dims(sob_y, axis=-1)
        lap_4 = np.expand_dims(lap_4, axis=-1)
        lap_8 = np.expand_dims(lap_8, axis=-1)

        stacked = np.concatenate(
            (pic, luma, sob_x, sob_y, lap_4, lap_8),
            axis=-1,
        )
        # print(stacked.shape)
        extended.append(stacked)

    return extended


# augmentation pipeline; which steps actually help here is still
# an open question
augmenter = A.Compose(
    [
        A.HorizontalFlip(p=0.5),
        A.RandomBrightnessContrast(p=0.5),
        A.GaussNoise(p=0.5),
        A.GaussianBlur(p=0.5, sigma_limit=4, blur_limit=9),
    ],
    additional_targets={"mask": "mask"},
)


def list_to_tensor(array_list, dtype=tf.float32):
    # turns the list of arrays into one tensor
    # of that dtype
    stacked = tf.convert_to_tensor(
        array_list, dtype=dtype
    )
    return stacked


def make_dataset(pic_tensor, mask_tensor, batch_size, buffersize):
    # builds a dataset from the image and mask tensors
    # then batches and prefetches it
    dataset = tf.data.Dataset.from_tensor_slices(
        (pic_tensor, mask_tensor)
    )
    dataset = dataset.batch(
        batch_size=batch_size, drop_remainder=True
    ).prefetch(buffer_size=buffersize)

    return dataset


def datasets_for_unet_fit(
    dir_fit_images,
    dir_fit_masks,
    dir_hold_images,
    dir_hold_masks,
    img_width,
    img_height,
    batch_size,
    channel_size,
):
    global fit_class_counts
    global hold_class_counts
    # read images and masks from their folders into lists
    fit_pics = read_image_folder(dir_fit_images)
    fit_masks = read_mask_folder(dir_fit_masks, class_colors)
    print("Fitting images read..")

    hold_pics = read_image_folder(dir_hold_images)
    hold_masks = read_mask_folder(dir_hold_masks, class_colors)
    print("Held-out images read..")

    # resize everything to the network size
    fit_pics = resize_all(fit_pics, img_width, img_height)
    fit_masks = resize_all(fit_masks, img_width, img_height)
    hold_pics = resize_all(hold_pics, img_width, img_height)
    hold_masks = resize_all(hold_masks, img_width, img_height)
    print("Everything resized..")

    fit_class_counts = pixels_per_class(fit_masks, 5)
    hold_class_counts = pixels_per_class(hold_masks, 5)

    print("Fitting pixels per class: ", fit_class_counts)
    print("Held-out pixels per class: ", hold_class_counts)

    # augment each image/mask pair
    fit_pics, fit_masks = augment_pairs(fit_pics, fit_masks)
    hold_pics, hold_masks = augment_pairs(hold_pics, hold_masks)

    # scale the images (masks are already zeros and ones)
    fit_pics = scale_all(fit_pics)
    print("Fitting images scaled..")
    if channel_size > 3:
        fit_pics = add_filter_channels(fit_pics)
        print("Filter channels added..")

    hold_pics = scale_all(hold_pics)
    print("Held-out images scaled..")
    if channel_size > 3:
        hold_pics = add_filter_channels(hold_pics)
        print("Filter channels added..")

    # lists to tensors (masks keep their last axis)
    # 
    fit_pic_tensor = list_to_tensor(fit_pics)
    fit_mask_tensor = list_to_tensor(fit_masks)
    # fit_mask_tensor = tf.expand_dims(fit_mask_tensor, axis=-1)

    hold_pic_tensor = list_to_tensor(hold_pics)
    hold_mask_tensor = list_to_tensor(hold_masks)
    # hold_mask_tensor = tf.expand_dims(hold_mask_tensor, axis=-1)

    print("Tensors built..")

    # datasets for fitting
    fit_ds = make_dataset(
        fit_pic_tensor,
        fit_mask_tensor,
        batch_size=batch_size,
        buffersize=tf.data.AUTOTUNE,
    )

    hold_ds = make_dataset(
        hold_pic_tensor,
        hold_mask_tensor,
        batch_size=batch_size,
        buffersize=tf.data.AUTOTUNE,
    )

    print("Datasets built..")

    return fit_ds, hold_ds


def read_for_tuning(
    dir_fit_images,
    dir_fit_masks,
    dir_hold_images,
    dir_hold_masks,
    img_width,
    img_height,
):
    global fit_class_counts
    global hold_class_counts
    # read images and masks from their folders into lists
    fit_pics = read_image_folder(dir_fit_images)
    fit_masks = read_mask_folder(dir_fit_masks, class_colors)
    print("Fitting images read..")

    hold_pics = read_image_folder(dir_hold_images)
    hold_masks = read_mask_folder(dir_hold_masks, class_colors)
    print("Held-out images read..")

    # resize everything to the network size
    fit_pics = resize_all(fit_pics, img_width, img_height)
    fit_masks = resize_all(fit_masks, img_width, img_height)
    hold_pics = resize_all(hold_pics, img_width, img_height)
    hold_masks = resize_all(hold_masks, img_width, img_height)
    print("Everything resized..")

    fit_class_counts = pixels_per_class(fit_masks, 5)
    hold_class_counts = pixels_per_class(hold_masks, 5)

    print("Fitting pixels per class: ", fit_class_counts)
    print("Held-out pixels per class: ", hold_class_counts)

    # augment each image/mask pair
    fit_pics, fit_masks = augment_pairs(fit_pics, fit_masks)
    hold_pics, hold_masks = augment_pairs(hold_pics, hold_masks)

    return fit_pics, fit_masks, hold_pics, hold_masks


def datasets_for_unet_tuning(
    fit_pics, fit_masks, hold_pics, hold_masks, channel_size, batch_size
):
    # scale the images (masks are already zeros and ones)
    fit_pics = scale_all(fit_pics)
    print("Fitting images scaled..")
    if channel_size > 3:
        fit_pics = add_filter_channels(fit_pics)
        print("Filter channels added..")

    hold_pics = scale_all(hold_pics)
    print("Held-out images scaled..")
    if channel_size > 3:
        hold_pics = add_filter_channels(hold_pics)
        print("Filter channels added..")

    # lists to tensors (masks keep their last axis)
    # 
    fit_pic_tensor = list_to_tensor(fit_pics)
    fit_mask_tensor = list_to_tensor(fit_masks)
    # fit_mask_tensor = tf.expand_dims(fit_mask_tensor, axis=-1)

    hold_pic_tensor = list_to_tensor(hold_pics)
    hold_mask_tensor = list_to_tensor(hold_masks)
    # hold_mask_tensor = tf.expand_dims(hold_mask_tensor, axis=-1)

    print("Tensors built..")

    # datasets for fitting
    fit_ds = make_dataset(
        fit_pic_tensor,
        fit_mask_tensor,
        batch_size=batch_size,
        buffersize=tf.data.AUTOTUNE,
    )

    hold_ds = make_dataset(
        hold_pic_tensor,
        hold_mask_tensor,
        batch_size=batch_size,
        buffersize=tf.data.AUTOTUNE,
    )

    print("Datasets built..")

    return fit_ds, hold_ds
