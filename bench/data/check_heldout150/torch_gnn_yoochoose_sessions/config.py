import torch

device = torch.device('cuda' if torch.cuda.is_available() else 'cpu')  # where tensors and the model live

emb_width = 128
batch_size = 1024
n_items = 52739


data_dir = 'data'

clicks_path = 'data/yoochoose-data/yoochoose-clicks.dat'
buys_path = 'data/yoochoose-data/yoochoose-buys.dat'

click_cols = ["session_id", "timestamp", "item_id", "category"]
buy_cols = ["session_id", "timestamp", "item_id", "price", "quantity"]

holdout_path = 'data/yoochoose-data/yoochoose-test.dat'

# optimisation settings
loader_workers = 4  # background loaders
grad_clip = 5.  # absolute clamp for gradients
print_freq = 10  # log every this many batches
resume_from = None  # checkpoint to resume, or None
