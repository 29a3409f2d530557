from data.pcam_input import PcamInput
from model.small_cnn import SmallCnn

def run():
    print("reading PatchCamelyon through tfds...")
    src = PcamInput()
    
    # the three splits
    ds_tr = src.train_split()
    ds_va = src.val_split()
    ds_te = src.test_split()
    
    # shape and class count from the metadata
    img_shape = src.image_shape()
    n_cls = src.class_count()
    print(f"patch shape: {img_shape}")
    print(f"classes: {n_cls}")

    # network
    clf = SmallCnn(input_shape=img_shape, num_classes=n_cls)
    clf.compile_model()
    clf.train_model(ds_tr, ds_va)
    clf.evaluate_model(ds_te)
    clf.summary()

if __name__ == "__main__":
    run()