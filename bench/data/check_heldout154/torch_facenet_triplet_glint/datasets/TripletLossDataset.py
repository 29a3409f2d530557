"""(doc)





"""


import os
import numpy as np
import pandas as pd
import torch
from tqdm import tqdm
from PIL import Image
from torch.utils.data import Dataset


class TripletFaceDataset(Dataset):
    def __init__(self, root_dir, training_dataset_csv_path, num_triplets, epoch, num_human_identities_per_batch=32,
                 triplet_batch_size=544, training_triplets_path=None, transform=None):
        """(doc)














        """

        # ~
        # ~
        # ~
        self.df = pd.read_csv(training_dataset_csv_path, dtype={'id': object, 'name': object, 'class': int})
        self.root_dir = root_dir
        self.num_triplets = num_triplets
        self.num_human_identities_per_batch = num_human_identities_per_batch
        self.triplet_batch_size = triplet_batch_size
        self.epoch = epoch
        self.transform = transform

        # ~
        # ~
        as_dict = self.df.to_dict()
        self.df_dict_class_name = as_dict["name"]
        self.df_dict_id = as_dict["id"]
        self.df_dict_class_reversed = {value: key for (key, value) in as_dict["class"].items()}

        if training_triplets_path is None:
            self.training_triplets = self.generate_triplets()
        else:
            print("Loading pre-generated triplets file ...")
            self.training_triplets = np.load(training_triplets_path)

    def make_dictionary_for_face_class(self):
        """(doc)

        """
        by_class = dict()
        for i, lab in enumerate(self.df['class']):
            if lab not in by_class:
                by_class[lab] = []
            # ~
            by_class[lab].append(self.df_dict_id[i])

        return by_class

    def generate_triplets(self):
        trips = []
        all_cls = self.df['class'].unique()
        by_class = self.make_dictionary_for_face_class()

        print("\nGenerating {} triplets ...".format(self.num_triplets))
        n_iter = self.num_triplets / self.triplet_batch_size
        bar = tqdm(range(int(n_iter)))  # ~

        for it in bar:

            """(doc)









            """
            batch_cls = np.random.choice(all_cls, size=self.num_human_identities_per_batch, replace=False)

            for k in range(self.triplet_batch_size):

                cls_p = np.random.choice(batch_cls)
                cls_n = np.random.choice(batch_cls)

                while len(by_class[cls_p]) < 2:
                    cls_p = np.random.choice(batch_cls)

                while cls_p == cls_n:
                    cls_n = np.random.choice(batch_cls)

                # ~
                p_row = self.df_dict_class_reversed[cls_p]
                p_name = self.df_dict_class_name[p_row]

                n_row = self.df_dict_class_reversed[cls_n]
                n_name = self.df_dict_class_name[n_row]

                if len(by_class[cls_p]) == 2:
                    i_a, i_p = np.random.choice(2, size=2, replace=False)

                else:
                    i_a = np.random.randint(0, len(by_class[cls_p]))
                    i_p = np.random.randint(0, len(by_class[cls_p]))

                    while i_a == i_p:
                        i_p = np.random.randint(0, len(by_class[cls_p]))

                i_n = np.random.randint(0, len(by_class[cls_n]))

                trips.append(
                    [
                        by_class[cls_p][i_a],
                        by_class[cls_p][i_p],
                        by_class[cls_n][i_n],
                        cls_p,
                        cls_n,
                        p_name,
                        n_name
                    ]
                )

        print("Saving training triplets list in 'datasets/generated_triplets' directory ...")
        np.save('datasets/generated_triplets/epoch_{}_training_triplets_{}_identities_{}_batch_{}.npy'.format(
                self.epoch, self.num_triplets, self.num_human_identities_per_batch, self.triplet_batch_size
            ),
            trips
        )
        print("Fitting triplets' list Saved!\n")

        return trips

    # ~
    def add_extension(self, p):
        if os.path.exists(p + '.jpg'):
            return p + '.jpg'
        elif os.path.exists(p + '.png'):
            return p + '.png'
        elif os.path.exists(p + '.jpeg'):
            return p + '.jpeg'
        else:
            raise RuntimeError('No file "{}" with extension .png or .jpg or .jpeg'.format(p))

    def __getitem__(self, i):

        id_a, id_p, id_n, cls_p, cls_n, p_name, n_name = self.training_triplets[i]

        im_a = self.add_extension(os.path.join(self.root_dir, str(p_name), str(id_a)))
        im_p = self.add_extension(os.path.join(self.root_dir, str(p_name), str(id_p)))
        im_n = self.add_extension(os.path.join(self.root_dir, str(n_name), str(id_n)))

        # ~
        im_a = Image.open(im_a)
        im_p = Image.open(im_p)
        im_n = Image.open(im_n)

        cls_p = torch.from_numpy(np.array([cls_p]).astype('long'))
        cls_n = torch.from_numpy(np.array([cls_n]).astype('long'))

        item = {
            'anc_img': im_a,
            'pos_img': im_p,
            'neg_img': im_n,
            'pos_class': cls_p,
            'neg_class': cls_n
        }

        if self.transform:
            item['anc_img'] = self.transform(item['anc_img'])
            item['pos_img'] = self.transform(item['pos_img'])
            item['neg_img'] = self.transform(item['neg_img'])

        return item

    def __len__(self):
        return len(self.training_triplets)
