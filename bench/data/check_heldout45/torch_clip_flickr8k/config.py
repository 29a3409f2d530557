import torch

debug = False
image_path = "Images"
captions_path = "captions.txt"
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

pretrained = True # pretrained weights for both towers
trainable = True # both towers are fine-tuned
temperature = 1.0

# side of the square input image
size = 224

# projection head settings, shared by both towers
num_projection_layers = 1
projection_dim = 256 
dropout = 0.1
