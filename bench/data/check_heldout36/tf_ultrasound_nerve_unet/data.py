from __future__ import print_function
import os, sys
import numpy as np
import cv2

raw_rows = 420
raw_cols = 580

here_dir = os.path.join(os.path.realpath(os.path.dirname(__file__)), '')
raw_data_dir = os.path.join(here_dir, '../')
npy_dir = os.path.join(here_dir, 'np_data')
train_images_file = os.path.join(npy_dir, 'imgs_train.npy')
train_masks_file = os.path.join(npy_dir, 'imgs_mask_train.npy')
train_patients_file = os.path.join(npy_dir, 'imgs_patient.npy')
test_images_file = os.path.join(npy_dir, 'imgs_test.npy') 
test_ids_file = os.path.join(npy_dir, 'imgs_id_test.npy') 



def read_test_array():
    print ('reading the test images from %s' % test_images_file)
    test_images = np.load(test_images_file)
    return test_images

def read_test_ids():
    print ('reading the test ids from %s' % test_ids_file)
    test_ids = np.load(test_ids_file)
    return test_ids

def read_train_arrays():
    print ('reading the train images and masks from %s and %s' % (train_images_file, train_masks_file))
    train_images = np.load(train_images_file)
    train_masks = np.load(train_masks_file)
    return train_images, train_masks

def read_patient_ids():
    print ('reading the patient ids from %s' % train_patients_file)
    return np.load(train_patients_file)

def parse_patient_shot(file_name):
    patient, shot = file_name.split('_')
    shot = shot.split('.')[0]
    return int(patient), int(shot)

def build_train_npy():
    train_folder = os.path.join(raw_data_dir, 'train')
    file_names = filter((lambda name: 'mask' not in name), os.listdir(train_folder))
    n_files = len(file_names) 

    image_stack = np.ndarray((n_files, 1, raw_rows, raw_cols), dtype=np.uint8)
    mask_stack = np.ndarray((n_files, 1, raw_rows, raw_cols), dtype=np.uint8)
    i = 0
    print('building the training arrays')
    patient_ids = np.ndarray((n_files,), dtype=np.uint8)
    for file_name in file_names:
        if 'mask' in file_name:
            continue
        mask_file_name = file_name.split('.')[0] + '_mask.tif'
        patient = file_name.split('_')[0]
        image = cv2.imread(os.path.join(train_folder, file_name), cv2.IMREAD_GRAYSCALE)
        mask = cv2.imread(os.path.join(train_folder, mask_file_name), cv2.IMREAD_GRAYSCALE)

        image_stack[i, 0] = image
        mask_stack[i, 0] = mask
        patient_ids[i] = patient
        if i % 100 == 0:
            print('{0} of {1} read'.format(i, n_files))
        i += 1
    print('all training files read')
    np.save(train_patients_file, patient_ids)
    np.save(train_images_file, image_stack)
    np.save(train_masks_file, mask_stack)
    print('training arrays written')


def build_test_npy():
    test_folder = os.path.join(raw_data_dir, 'test')
    file_names = os.listdir(test_folder)
    n_files = len(file_names)

    image_stack = np.ndarray((n_files, 1, raw_rows, raw_cols), dtype=np.uint8)
    test_ids = np.ndarray((n_files, ), dtype=np.int32)

    i = 0
    print('building the test arrays')
    for file_name in file_names:
        image_id = int(file_name.split('.')[0])
        image = cv2.imread(os.path.join(test_folder, file_name), cv2.IMREAD_GRAYSCALE)

        image_stack[i, 0] = image
        test_ids[i] = image_id

        if i % 100 == 0:
            print('{0} of {1} read'.format(i, n_files))
        i += 1
    print('all test files read')

    np.save(test_images_file, image_stack)
    np.save(test_ids_file, test_ids)
    print('test arrays written')


def main():
    build_train_npy()
    build_test_npy()

if __name__ == '__main__':
    sys.exit(main())
