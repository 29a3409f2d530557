from torch.utils.data import Dataset, DataLoader, Subset
import pandas as pd
from PIL import Image
class LesionDataset(Dataset):
    def __init__(self, table: pd.DataFrame, img_root, is_train=False,is_val=False,is_test=False,tfm=None,binary_task=False,keep_fraction=1):
        """
		Builds one split of the lesion image table.
		Parameters:
			table (pd.DataFrame): one row per image, with file name, label and split
			is_train / is_val / is_test (bool): which split to keep
			tfm: transform applied to every PIL image
			keep_fraction (float): share of the train rows to use

		"""
        if is_train==True:
            self.table = table[table['split']=='train']
            kept_rows = int(len(self.table) * keep_fraction)
            self.table=self.table.head(kept_rows)
        elif is_val==True:
            self.table = table[table['split'] == 'val']
        elif is_test==True:
            self.table = table[table['split'] == 'test']
        self.tfm = tfm
        self.img_root=img_root
        self.binary_task=binary_task

    # import torchsnooper
    # @torchsnooper.snoop()
    def __getitem__(self, index):
        file_name = self.table.iloc[index]['image']
        img_path = str(self.img_root)+str(file_name)
        # open with PIL and force three channels
        try:
            img = Image.open(img_path).convert('RGB')
        except IOError:
            print('could not read image:', img_path)
            img = None  # caller has to cope with a missing image

        # transform when an image was read
        if img is not None and self.tfm:
            img = self.tfm(img)
            if self.binary_task==True:
                target = self.table.iloc[index]['binary_label']
            else:
                target = self.table.iloc[index]['label']
        return img,target

    def __len__(self):
        return len(self.table)

    def count_label(self):
        n_neg = 0
        n_pos = 0
        for label in self.table['binary_label']:
            if label == 0:
                n_neg += 1
            elif label == 1:
                n_pos += 1
        return n_neg, n_pos
