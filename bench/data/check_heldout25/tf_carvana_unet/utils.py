import numpy as np
from scipy import misc
import os, sys
import csv


def decode_mask_file(img_path, target_hw=(1280, 1920)):
    decoded = misc.imread(img_path, flatten=True).astype(np.float32)
    scaled = misc.imresize(decoded, target_hw)
    scaled = scaled / 255
    return scaled


def decode_car_file(img_path, target_hw=(1280, 1920)):
    decoded = misc.imread(img_path, flatten=False).astype(np.float32)
    scaled = misc.imresize(decoded, target_hw)
    scaled = scaled / 255
    return scaled


def load_car_data(cars_dir, masks_dir, n_images=0, target_hw=(1280, 1920), shuffle_rows=False):
    print('reading car photos in', cars_dir)
    print('reading masks in', masks_dir)
    car_files = os.listdir(cars_dir)
    mask_files = os.listdir(masks_dir)
    car_files.sort()
    mask_files.sort()
    if n_images == 0:
        n_images = len(car_files)

    car_images = np.zeros([n_images, target_hw[0], target_hw[1], 3], np.float32)
    mask_images = np.zeros([n_images, target_hw[0], target_hw[1]], np.float32)
    for idx in range(n_images):
        car_name = car_files[idx]
        mask_name = mask_files[idx]

        car_images[idx] = decode_car_file(os.path.join(cars_dir, car_name), target_hw)
        mask_images[idx] = decode_mask_file(os.path.join(masks_dir, mask_name), target_hw)
        sys.stdout.write('\r%2.1f%% read' % ((idx + 1.0) * 100 / n_images))
    print('')
    if shuffle_rows:
        order = np.arange(n_images)
        np.random.shuffle(order)
        return car_images[order], mask_images[order]
    return car_images, mask_images


def load_car_test_data(cars_dir, n_images=0, target_hw=(1280, 1920)):
    print('reading car photos in', cars_dir)
    car_files = os.listdir(cars_dir)
    car_files.sort()
    if n_images == 0:
        n_images = len(car_files)
    image_names = []
    car_images = np.zeros([n_images, target_hw[0], target_hw[1], 3], np.float32)
    for idx in range(n_images):
        car_name = car_files[idx]
        car_images[idx] = decode_car_file(os.path.join(cars_dir, car_name), target_hw)
        sys.stdout.write('\r%2.1f%% read' % ((idx + 1.0) * 100 / n_images))
        image_names.append(car_name)
    print('')
    # order = np.arange(n_images)
    # np.random.shuffle(order)
    return car_images, image_names


def mask_to_rle(scaled):
    mask_images = (scaled + 0.5).astype(int)
    mask_images = np.transpose(mask_images).reshape([-1])
    rle_runs = []
    prev_on = False
    for i in range(mask_images.shape[0]):
        if mask_images[i] == 1:
            if not prev_on:
                rle_runs.append(i + 1)
                rle_runs.append(1)
                prev_on = True
            else:
                rle_runs[-1] += 1
        else:
            prev_on = False
    return rle_runs


def write_rle_csv(masks_src, csv_out):
    rle_writer = csv.DictWriter(open(csv_out, 'w', newline=''), fieldnames=['img', 'rle_mask'])
    rle_writer.writeheader()
    names_sorted = os.listdir(masks_src)
    names_sorted.sort()
    for file_name in names_sorted:
        print(file_name)
        scaled = decode_mask_file(os.path.join(masks_src, file_name), (1280, 1918))
        rle_runs = mask_to_rle(scaled)
        rle_text = ''
        for run_val in rle_runs:
            rle_text += '%s ' % run_val
        rle_writer.writerow({'img': file_name, 'rle_mask': rle_text})


if __name__ == '__main__':
    write_rle_csv('./test_result', './test.csv')
    # decoded = decode_car_file('../car-mask/test.jpg', [1280, 1920])
    # decoded = decode_mask_file('../car-mask/test.gif', [128, 192])
    # plt.imshow(decoded)
    # plt.show()
    # print(decoded.shape)
