# locations
qa_path = 'vqa'  # folder with the question and annotation json files
train_path = 'mscoco/train2014'  # train images
val_path = 'mscoco/val2014'  # val images
test_path = 'mscoco/test2015'  # test images
preprocessed_path = './resnet-14x14.h5'  # h5 of precomputed CNN grids
vocabulary_path = 'vocab.json'  # json with question and answer vocabularies

task = 'OpenEnded'
dataset = 'mscoco'

# feature extraction settings
preprocess_batch_size = 64
image_size = 448  # resize the short side to this, then centre crop
output_size = image_size // 32  # spatial size of the CNN output grid
output_features = 2048  # channels of the CNN output grid
central_fraction = 0.875  # fraction of the image kept by the centre crop

# optimisation settings
epochs = 50
batch_size = 128
initial_lr = 1e-3  # Adam default
lr_halflife = 50000  # iterations
data_workers = 8
max_answers = 3000
