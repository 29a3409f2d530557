# build paired edge/photo arrays for the pix2pix cat experiment and store them compressed
from os import listdir
from numpy import asarray
from numpy import vstack
from keras.preprocessing.image import img_to_array
from keras.preprocessing.image import load_img
from numpy import savez_compressed
from tqdm import tqdm


# read every edge/photo pair of the folder into two python lists
def read_pairs(edge_dir,photo_dir, dims=(256, 512)):
    edge_stack, photo_stack = list(), list()
    # walk the first 2000 names, the same name exists in both folders
    for fname in tqdm(listdir(edge_dir)[:2000]):

        edge_file = edge_dir + fname
        photo_file = photo_dir + fname

        # open and rescale both pictures
        edge_px = load_img(edge_file, target_size=dims)
        photo_px = load_img(photo_file, target_size=dims)
        # to float arrays
        edge_px = img_to_array(edge_px)
        photo_px = img_to_array(photo_px)

        edge_stack.append(edge_px)
        photo_stack.append(photo_px)
    return [asarray(edge_stack), asarray(photo_stack)]


if __name__ == '__main__':
    root = "./cat_dataset/"
    edge_dir = root + "edge_images/"
    photo_dir = root + "images/"
    print(edge_dir)
    print(photo_dir)
    [edge_arr, photo_arr] = read_pairs(edge_dir,photo_dir)
    out_name = 'cat_256_2000.npz'
    savez_compressed(out_name, edge_arr, photo_arr)
    print('wrote archive: ', out_name)

# if __name__ =="__main__":
#     # folder of the maps split
#     root = 'maps/train/'
#     # read it
#     [edge_arr, photo_arr] = read_pairs(root)
#     print('shapes: ', edge_arr.shape, photo_arr.shape)
#     # store compressed
#     out_name = 'maps_256.npz'
#     savez_compressed(out_name, edge_arr, photo_arr)
#     print('wrote archive: ', out_name)
