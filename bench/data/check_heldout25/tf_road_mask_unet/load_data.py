import cv2
import os
import numpy as np

def read_road_data(images_dir, masks_dir, target_size=(256, 256)):
    loaded_images = []
    loaded_masks = []

    dir_files = os.listdir(images_dir)

    image_files_all = [fname for fname in dir_files if "_image_" in fname]

    def frame_number_key(file_name):
        try:
            # take the trailing number of the name
            # with the extension stripped
            # e.g. image_0_image_12.png gives 12
            frame_digits = file_name.split('_')[-1].split('.')[0]
            return int(frame_digits)
        except (IndexError, ValueError):
            # names that do not follow the pattern
            # are sorted to the front
            return -1 # sentinel
        
    image_files_sorted = sorted(image_files_all, key=frame_number_key)

    for image_file in image_files_sorted:
        # matching mask file name
        mask_file_name = image_file.replace("_image_", "_mask_")

        image_path = os.path.join(images_dir, image_file)
        mask_file_path = os.path.join(masks_dir, mask_file_name)

        if not os.path.exists(mask_file_path):
            print(f"no mask for {image_file}; skipping it")
            continue

        # decode both files
        img_arr = cv2.imread(image_path)
        mask_arr = cv2.imread(mask_file_path, cv2.IMREAD_GRAYSCALE)

        # resize to the network input
        img_arr = cv2.resize(img_arr, target_size)
        mask_arr = cv2.resize(mask_arr, target_size)

        # scale the photo, binarise the mask
        img_arr = img_arr / 255.0
        mask_arr = (mask_arr > 127).astype(np.uint8)  # 0/1 mask

        loaded_images.append(img_arr)
        loaded_masks.append(mask_arr)

    train_X = np.array(loaded_images)
    train_Y = np.array(loaded_masks)[..., np.newaxis]  # channel axis at the end

    return train_X, train_Y
