import torch

debug = True
image_path = "D:/data/flickr8k/Images"
captions_path = "D:/data/flickr8k"
batch_size = 8
num_workers = 0
lr = 1e-3
weight_decay = 1e-3
patience = 2
factor = 0.5
epochs = 5
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

model_name = 'resnet50'
image_embedding = 2048
text_encoder_model = "distilbert-base-uncased"
text_embedding = 768
text_tokenizer = "distilbert-base-uncased"
max_length = 200

pretrained = False # applies to the image and the text encoder
trainable = False # applies to the image and the text encoder
temperature = 1.0

# input resolution
size = 224

# projection heads (shared settings for both towers)
num_projection_layers = 1
projection_dim = 256 
dropout = 0.1
