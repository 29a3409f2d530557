"""See the code below.
















"""
# where the per-video feature files live
object_features_tr_path = '../../data/MSVD/feats/object/train/'
optical_features_tr_path = '../../data/MSVD/feats/flow/train/'
resnet_features_tr_path = '../../data/MSVD/feats/resnet/train/'
caption_features_tr_path = '../../data/MSVD/feats/caption/train/'
caption_tr_path = '../../data/MSVD/feats/caption/train_caps.pt'

object_features_vl_path = '../../data/MSVD/feats/object/valid/'
optical_features_vl_path = '../../data/MSVD/feats/flow/valid/'
resnet_features_vl_path = '../../data/MSVD/feats/resnet/valid/'
caption_features_vl_path = '../../data/MSVD/feats/caption/valid/'
caption_vl_path = '../../data/MSVD/feats/caption/valid_caps.pt'

# filled in by the trainer
video_ids_tr = []
video_ids_vl = []

# training settings
num_epoch = 5
batch_size = 10
hidden_size = 1024
num_layers = 1
learning_rate = 0.001
bi_dir = False
