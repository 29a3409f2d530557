import pandas as pd
import os
import numpy as np
from tqdm import tqdm
import shutil
from torchvision import transforms as T
from PIL import Image

EMOTION_NAMES = {0: 'angry', 1: 'disgust', 2: 'fear', 3: 'happy',
                4: 'sad', 5: 'surprise', 6: 'neutral'}

# takes the fer2013 csv path
# gives back the train and test image folders

class FerCsvDataset():

    def __init__(self, csv_path:str):
        super().__init__()
        self.csv_path = csv_path
        self.table = pd.read_csv(csv_path)


    def make_class_dirs(self, base_folder):
        if os.path.exists(f'{base_folder}/train'):
            shutil.rmtree(f'{base_folder}/train')
            print('old train folder deleted')
        if os.path.exists(f'{base_folder}/test'):
            shutil.rmtree(f'{base_folder}/test')
            print('old test folder deleted')


        for emotion_name in EMOTION_NAMES.values():
            os.makedirs(f'{base_folder}/train/{emotion_name}', exist_ok=True)
            os.makedirs(f'{base_folder}/test/{emotion_name}', exist_ok=True)
        print('class folders ready')

    def write_png(self, pixels_arr, png_path:str):
        img = Image.fromarray(pixels_arr)
        img.save(png_path)

    
    def export_pngs(self):
        base_folder = os.path.relpath(os.path.dirname(os.path.abspath(__file__)))
        self.make_class_dirs(base_folder)
        for row_idx,record in tqdm(self.table.iterrows(), total=self.table.shape[0], desc='rows'):
        # for row_idx, record in self.table.iterrows():

            emotion_name = record['emotion']
            pixel_str =  record['pixels']
            split_name = record['Usage']

            pixels_arr = np.fromstring(pixel_str,sep=' ').reshape(48,48)
            pixels_arr = np.uint8(pixels_arr)

            # write the png

            if split_name == 'Training':
                self.write_png(pixels_arr,f'{base_folder}/train/{EMOTION_NAMES[int(emotion_name)]}/{row_idx}.png')

            if split_name == 'PublicTest' or split_name == 'PrivateTest':
                self.write_png(pixels_arr,f'{base_folder}/test/{EMOTION_NAMES[int(emotion_name)]}//{row_idx}.png')
        print('png export finished')
    
        return f'{base_folder}/train', f'{base_folder}/test'


if __name__ == "__main__":

    csv_source = FerCsvDataset(r"data\fer2013.csv")
    train_images_dir, test_images_dir= csv_source.pre_data()
    print(train_images_dir)
    print(test_images_dir)
    # FerCsvDataset(r"data\fer2013.csv")
# base_folder = os.path.relpath(os.path.dirname(os.path.abspath(__file__)))
# print(f'{base_folder}/train')
# print( f'{base_folder}/train')
