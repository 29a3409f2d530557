
question_len =    26
glove_dim = 300

features_h5 =               'data/data_img.h5'
questions_h5 =              'data/data_prepro.h5'
questions_meta_json =       'data/data_prepro.json'
embed_cache_path = 'data/ckpts/embeddings_%s.h5'%glove_dim
glove_txt =                 'data/glove.6B.300d.txt'
train_q_json =              'data/Questions_Train_mscoco/MultipleChoice_mscoco_train2014_questions.json'
val_ann_json =              'data/validation_data/mscoco_val2014_annotations.json'
ckpt_weights_path =    'data/ckpts/model_weights.h5'
final_weights_path =    'data/model_weights.h5'



