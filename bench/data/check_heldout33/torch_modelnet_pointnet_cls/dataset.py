import os
import pandas as pd
import torch
from torch.utils.data import Dataset
from cloud_batch import PyntCloud
import matplotlib.pyplot as plt

class MeshPointDataset(Dataset):
    def __init__(self, data_root, is_train=True, n_points=10000):
        class_dirs = [cname for cname in os.listdir(data_root) 
                   if os.path.isdir(os.path.join(data_root, cname))]
        self.class_map = {ci: cname for ci, cname in enumerate(class_dirs)}
        self.root_path = data_root
        self.is_train = is_train
        self.n_points = n_points
        self.file_table = pd.DataFrame()
        for cls_label, cname in self.class_map.items():
            sub_path = None
            if self.is_train:
                sub_path = os.path.join(self.root_path, cname, "train")
            else:
                sub_path = os.path.join(self.root_path, cname, "test")
            off_files = [fname for fname in os.listdir(sub_path) if fname.endswith('.off')]
            cls_labels = [cls_label]*len(off_files)
            part_df = pd.DataFrame(list(zip(off_files, cls_labels)), columns=['path', 'label'])
            self.file_table = pd.concat((self.file_table, part_df))
        self.file_table.reset_index(inplace=True, drop=True)

    def __len__(self):
        return len(self.file_table.index)

    def __getitem__(self, item_idx):
        '''
        one sample: points as a (3, N) tensor and the class id
        '''
        sub_path, cls_label = self.file_table.loc[item_idx, 'path'], self.file_table.loc[item_idx, 'label']
        read_mesh = lambda fp, split_dir: PyntCloud.from_file(os.path.join(self.root_path, self.class_map[cls_label], split_dir, fp))
        split_name = 'train' if self.is_train else 'test'
        point_table = read_mesh(sub_path, split_name).get_sample('mesh_random', n=self.n_points)
        return torch.Tensor(point_table.values).transpose(0,1), cls_label  

def batch_clouds_to_tensor(cloud_batch):
    # batch of clouds (B, N, 3) -> tensor (B, 3, N)
    point_table = cloud_batch.points.values
    return torch.Tensor(point_table).transpose(1, 2)

# an S3DIS indoor-scene loader was planned here (see /datautils);
#     the data has to be requested from the Stanford site first,
# a loader along the lines of a public S3DIS DataLoader would go here
# and /datautils still needs changes.

if __name__ == "__main__":

    # build both splits
    print("reading the file lists")
    train_shapes = MeshPointDataset('datasets/ModelNet10', is_train=True)
    test_shapes = MeshPointDataset('datasets/ModelNet10', is_train=False)
    print("file lists ready")
    print("training samples:", len(train_shapes))
    print("test samples:", len(test_shapes))
    print()

    # bar chart of samples per class
    train_counts = train_shapes.file_table['label'].value_counts()
    test_counts = test_shapes.file_table['label'].value_counts()

    tick_names = [train_shapes.class_map[cls_label] for cls_label in train_counts.index]
    tick_pos = range(len(tick_names))

    plt.bar(tick_pos, train_counts, label='train', width=0.4)
    plt.bar([xpos + 0.4 for xpos in range(len(tick_names))], test_counts, label='test', width=0.4)
    plt.xticks([xpos for xpos in tick_pos], tick_names, rotation=45)
    plt.ylabel('count')
    plt.title('samples per class in each split')
    plt.legend()
    
    # look at one monitor sample
    for cid, cname_v in train_shapes.class_map.items():
        if cname_v == "monitor":
            cls_label = cid
            break

    item_idx = train_shapes.file_table[train_shapes.file_table['label'] == cls_label].index[0]
    one_sample = train_shapes[item_idx]
    print(f"class: monitor")
    print("xyz of the first point:")
    print(one_sample[0].points.iloc[0])
    print()
    
    # display
    # plt.show()
