from models.getresnet50model import getResNet50Model
from models.autoencodermodel import AutoencoderModel
from models.siamese_model import SiameseTripletModel
from models.VisionTransformermodel import ViT
from utils.extract_feature import extract_resnet_feature,extract_autoencoder_feature,extract_siamese_feature,extract_vit_feature
from utils.indexing_faiss import vector_database,search_database
from utils.dataset import fashion_dataset,preprocess_dataset_VIT
from utils.Evaluation import get_labels
from utils.Visualize import plot_results
# from settings.constants import MODEL_TYPE,TRAIN_AUTOENCODER,TRAIN_SIAMESENET, TESTING,NO_OF_TEST_IMAGE,AUTOENCODER_MODEL_PATH,SIAMESE_MODEL_PATH,VISUALIZE,EVALUATION
from sklearn.model_selection import train_test_split
from sklearn.metrics import confusion_matrix, precision_score, recall_score, accuracy_score
import numpy as np
import pandas as pd
import faiss
import os

### Fashion-MNIST gallery
# BACKBONE="siamesenet"
def run(BACKBONE,FIT_AE,FIT_TRIPLET,QUERY_MODE,N_QUERIES,SHOW,
         SCORE,TRIPLET_PATH,AE_PATH,SCORE_CSV):
    if BACKBONE !="VIT":
        x_tr,y_tr,x_te,y_te = fashion_dataset()
        x_tr, x_va, y_tr, y_va = train_test_split(x_tr, y_tr, test_size=0.2, random_state=42)
        print(x_tr.shape,x_te.shape)
    else:
        fm_vit = preprocess_dataset_VIT(size=(224,224))
    queries = x_te[:N_QUERIES]
    # FIT_AE = False
    # FIT_TRIPLET = False
    # QUERY_MODE=True
    # choose the embedding network, then either query an index or build one
    if BACKBONE=="resnet":
        net = getResNet50Model()
        if QUERY_MODE:
            index=faiss.read_index("Database/faiss_resnet_index.index")
            q_vecs = extract_resnet_feature(net,queries)
            dist,idx = search_database(index,q_vecs,top_k = 5)
            # print('ok',dist,idx)
        else:
            gallery_vecs = extract_resnet_feature(net,x_tr[:3000])
            index = vector_database(gallery_vecs)
            faiss.write_index(index, "Database/faiss_resnet_index.index")
    elif BACKBONE=="autoencoder":
        ae = AutoencoderModel()
        # AE_PATH = f"models/Sample_autoencoder.h5"
        if FIT_AE==False:
            enc = ae.load_model(AE_PATH)
        else:
            ae.train_autoencoder(x_tr[:3000],x_va[:600],AE_PATH,batch_size=256,epoch=20)
            enc = ae.load_model(AE_PATH)
        if QUERY_MODE:
            index=faiss.read_index("Database/faiss_autoencoder_index.index")
            q_vecs = extract_autoencoder_feature(enc,queries)
            dist,idx = search_database(index,q_vecs,top_k = 5)
            # print('ok',dist,idx)
        else:
            gallery_vecs = extract_autoencoder_feature(enc,x_tr[:3000])
            index = vector_database(gallery_vecs)
            faiss.write_index(index, "Database/faiss_autoencoder_index.index")
    elif BACKBONE=="siamesenet":
        in_shape = (28,28,1)
        trip = SiameseTripletModel(in_shape)
        # TRIPLET_PATH = f"models/Sample_siamese.h5"
        if FIT_TRIPLET==False:
            trip_net = trip.load_model(TRIPLET_PATH)
        else:
            trip.train(x_tr[:3000], y_va[:600],TRIPLET_PATH)
            trip_net = trip.load_model(TRIPLET_PATH)
        if QUERY_MODE:
            index=faiss.read_index("Database/faiss_siamese_index.index")
            q_vecs = extract_siamese_feature(trip_net,queries)
            dist,idx = search_database(index,q_vecs,top_k = 5)
            # print('ok',dist,idx)
        else:
            gallery_vecs = extract_siamese_feature(trip_net,x_tr[:3000])
            # print(gallery_vecs.shape)
            index = vector_database(gallery_vecs)
            faiss.write_index(index, "Database/faiss_siamese_index.index")
    elif BACKBONE=="VIT":
        vit = ViT()
        if QUERY_MODE:
            index=faiss.read_index("Database/faiss_vit_index.index")
            q_vecs = extract_vit_feature(vit,queries)
            dist,idx = search_VIT_database(index,q_vecs,top_k = 5)
            # print('ok',dist,idx)
        else:
            gallery_vecs = extract_vit_feature(vit,fm_vit[:3000])
            index = vector_database(gallery_vecs)
            faiss.write_index(index, "Database/faiss_vit_index.index")
    if SCORE:
        truth, guessed = get_labels(queries,y_te,y_tr,dist,idx)
        prec = precision_score(truth, guessed, average='macro')
        rec = recall_score(truth, guessed, average='macro')
        acc = accuracy_score(truth, guessed)
        # print(prec,rec,acc)
        row = {"Model_type":BACKBONE,
                "No_test_images":N_QUERIES,
                "Precision":prec*100,
                "Recall":rec*100,
                "Accuracy":acc*100
               }
        row = {k: [v] for k, v in row.items()}
        frame = pd.DataFrame(row)
        if not os.path.isfile(SCORE_CSV):
            frame.to_csv(SCORE_CSV, mode="w", header=True, index=False)
        
        else:
            frame.to_csv(SCORE_CSV, mode="a", header=False, index=False)
    if SHOW:
        plot_results(queries,dist,x_tr,y_tr,idx)
    # pass
import argparse

def read_args():
    cli = argparse.ArgumentParser(description='Backbone choice and query settings.')

    cli.add_argument('-mt','--model_type', type=str, choices=['resnet', 'autoencoder', 'siamesenet', 'VIT'],
                        default='resnet', help='embedding backbone')
    cli.add_argument('-train_ae','--train_autoencoder', type=bool, default=False,
                        help='fit the autoencoder first')
    cli.add_argument('-train_st','--train_siamesenet', type=bool, default=False,
                        help='fit the triplet net first')
    cli.add_argument('-test','--testing', type=bool, default=True,
                        help='query an existing index instead of building one')
    cli.add_argument('-num_img','--no_of_test_image', type=int, default=1,
                        help='how many test images to query')
    cli.add_argument('-vis','--visualize', type=bool, default=False,
                        help='plot the neighbours')
    cli.add_argument('-eval','--evaluation', type=bool, default=True,
                        help='compute retrieval scores')
    cli.add_argument('-path_st','--siamese_model_path', type=str, default='models/Sample_siamese.h5',
                        help='triplet net weights')
    cli.add_argument('-path_ae','--autoencoder_model_path', type=str, default='models/Sample_autoencoder.h5',
                        help='autoencoder weights')
    cli.add_argument('-path_eval','--evalpath', type=str, default='eval_summary.csv',
                        help='CSV for the scores')
    return cli.parse_args()

if __name__ == '__main__':
    a = read_args()
    # print(a)
    BACKBONE=a.model_type  # ["resnet","autoencoder","siamesenet","VIT"]
    FIT_AE = a.train_autoencoder
    FIT_TRIPLET = a.train_siamesenet
    QUERY_MODE=a.testing
    N_QUERIES = a.no_of_test_image
    SHOW = a.visualize
    SCORE = a.evaluation
    TRIPLET_PATH = a.siamese_model_path
    AE_PATH =a.autoencoder_model_path 
    SCORE_CSV = a.evalpath
    run(BACKBONE,FIT_AE,FIT_TRIPLET,QUERY_MODE,N_QUERIES,
         SHOW,SCORE,TRIPLET_PATH,AE_PATH,SCORE_CSV)
