import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';

/** The spec's toast defaults: top-right, 5 s. */
export default function Toasts() {
  return <ToastContainer position="top-right" autoClose={5000} newestOnTop />;
}
