import torch
import torch.utils.data as data
import numpy as np
import os, sys, h5py

BASE_DIR = os.path.dirname(os.path.abspath(__file__))
sys.path.append(BASE_DIR)

def _read_file_list(list_path):
    with open(list_path) as fh:
        return [ln.rstrip()[5:] for ln in fh]

def _read_h5(h5_name):
    fh = h5py.File(h5_name)
    point_arr = fh['data'][:]
    label_arr = fh['label'][:]
    return point_arr, label_arr
    
class ModelNet40H5Dataset(data.Dataset):

    def __init__(
            self, n_points, root_dir, point_tf=None, is_train=True
    ):
        super().__init__()

        self.point_tf = point_tf

        root_dir = os.path.abspath(root_dir)
        self.h5_folder = "modelnet40_ply_hdf5_2048"
        self.h5_dir = os.path.join(root_dir, self.h5_folder)

        self.is_train, self.n_points = is_train, n_points
        if self.is_train:
            self.h5_files =  _read_file_list( \
                os.path.join(self.h5_dir, 'train_files.txt'))
        else:
            self.h5_files =  _read_file_list( \
                os.path.join(self.h5_dir, 'test_files.txt'))

        points_per_file, labels_per_file = [], []
        for fh in self.h5_files:
            file_points, file_labels = _read_h5(os.path.join(root_dir, fh))
            points_per_file.append(file_points)
            labels_per_file.append(file_labels)

        self.all_points = np.concatenate(points_per_file, 0)
        self.all_labels = np.concatenate(labels_per_file, 0)

    def __getitem__(self, index):
        point_order = np.arange(0, self.all_points.shape[1])   # points per shape in the h5 files
        if self.is_train:
            np.random.shuffle(point_order)
        
        sample_points = self.all_points[index, point_order].copy()
        label_arr = torch.from_numpy(self.all_labels[index]).type(torch.LongTensor)
        
        if self.point_tf is not None:
            sample_points = self.point_tf(sample_points)
        
        return sample_points, label_arr

    def __len__(self):
        return self.all_points.shape[0]

if __name__ == "__main__":
    from torchvision import transforms
    import data_utils as aug_utils

    point_tf = transforms.Compose([
        aug_utils.PointcloudToTensor(),
        aug_utils.PointcloudRotate(axis=np.array([1,0,0])),
        aug_utils.PointcloudScale(),
        aug_utils.PointcloudTranslate(),
        aug_utils.PointcloudJitter()
    ])
    points_dataset = ModelNet40H5Dataset(16, "./", is_train=True, point_tf=point_tf)
    print(points_dataset[0][0])
    print(points_dataset[0][1])
    print(len(points_dataset))
    points_loader = torch.utils.data.DataLoader(points_dataset, batch_size=32, shuffle=True)
