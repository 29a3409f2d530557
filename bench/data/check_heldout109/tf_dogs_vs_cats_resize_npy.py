'''Still to be reworked'''
# read the dogs-vs-cats pictures, resize them and write one array file
from os import listdir
from numpy import asarray
from numpy import save
from keras.preprocessing.image import load_img
from keras.preprocessing.image import img_to_array
# where the pictures are
src_dir = 'train/'
pictures, targets = list(), list()
# walk the folder
for fname in listdir(src_dir):
	# which class
	target = 0.0
	if fname.startswith('cat'):
		target = 1.0
	# read and resize
	pic = load_img(src_dir + fname, target_size=(200, 200))
	# to an array
	pic = img_to_array(pic)
	# keep it
	pictures.append(pic)
	targets.append(target)
# stack into arrays
pictures = asarray(pictures)
targets = asarray(targets)
print(pictures.shape, targets.shape)
# write the arrays
save('dogs_vs_cats_photos.npy', pictures)
save('dogs_vs_cats_labels.npy', targets)
