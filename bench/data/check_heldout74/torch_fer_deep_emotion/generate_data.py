from __future__ import print_function
import pandas as pd
import numpy as np
from PIL import Image
import os
from tqdm import tqdm


class Generate_data():
    def __init__(self, datapath):
        """
        Turns the FER2013 csv files into jpg folders
        Two steps
        1-split_test
        2-save_images
        [Note] the public and private test parts have to be split out of fer2013 first
        """
        self.data_path = datapath

    def split_test(self, val_name= 'val'):
        """
        Cuts a validation part off the training csv.
            args:-
                data_path = folder holding the training csv
        """
        tr_csv = self.data_path +"/"+ 'train.csv'
        table = pd.read_csv(tr_csv)
        va_part = pd.DataFrame(table.iloc[:3589,:])
        tr_part = pd.DataFrame(table.iloc[3589:,:])
        tr_part.to_csv(self.data_path+"/train.csv")
        va_part.to_csv(self.data_path+"/"+val_name+".csv")
        print("validation csv written")

    def str_to_image(self, pix = ' '):
        '''
        Builds a PIL image from the space separated pixel string
            args:- the pixel string
            returns:- a PIL image
        '''
        parts = pix.split(' ')
        arr = np.asarray(parts,dtype=np.uint8).reshape(48,48)
        return Image.fromarray(arr)

    def save_images(self, datatype='train'):
        '''
        Writes every row of a split as a jpg file in its own folder
            args:-
            datatype= str (train, val, test)
        '''
        out_dir= self.data_path+"/"+datatype
        csv_path= self.data_path+"/"+datatype+'.csv'
        if not os.path.exists(out_dir):
            os.mkdir(out_dir)

        table = pd.read_csv(csv_path)
        pixels = table['pixels'] #one pandas series
        n = pixels.shape[0]
        for k in tqdm(range(n)):
            im = self.str_to_image(pixels[k])
            im.save(os.path.join(out_dir,'{}{}.jpg'.format(datatype,k)),'JPEG')
        print('wrote {}'.format((out_dir)))
